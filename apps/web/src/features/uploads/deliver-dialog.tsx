import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { DELIVERY_TEXT, MSG, fill } from '@cutroom/domain';
import type { CardTileReply, UploadedFile } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { failureMessage } from '../../lib/api-client';
import { policyFor } from '../../lib/policy';
import { useCurrentUser } from '../../lib/session';

/** The board's own page size limit: one page of Editing is read. */
const CARDS_LIMIT = 50;
/** Pages of the Editing column read at most: 1,000 cards, far past any one viewer's work in progress. */
const MAX_PAGES = 20;

/** Every card of the Editing column the viewer sees, a page at a time (the board's call has no customer filter). */
async function editingCards(signal: AbortSignal): Promise<CardTileReply[]> {
  const cards: CardTileReply[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await call(API.board.cards, {
      body: { section: 'editing', limit: CARDS_LIMIT, offset: page * CARDS_LIMIT },
      signal,
    });
    const some = reply.editing ?? [];
    cards.push(...some);
    if (some.length < CARDS_LIMIT) break;
  }
  return cards;
}

/**
 * The customer's cards this viewer may move to QA: Editing holds both a first cut's cards and those
 * sent back for revision (revision_nr > 0); each comes to QA by moveToQa.
 */
function useDeliverableCards(customerId: number) {
  const viewer = useCurrentUser();
  return useQuery({
    queryKey: ['uploads', 'deliverable-cards', customerId],
    queryFn: ({ signal }) => editingCards(signal),
    select: (cards) =>
      cards.filter((card) => card.client_id === customerId && policyFor(viewer, card).moves.includes('qa')),
    staleTime: 0,
  });
}

/**
 * "Deliver to a card…" (issue 49): a finished video of the folder goes to one of the customer's cards in
 * Editing or Revision, which moves to QA with it; no second upload of a master already here.
 */
export function DeliverDialog({ file, onClose }: { file: UploadedFile; onClose: () => void }) {
  const cards = useDeliverableCards(file.customer_id);
  const [picked, setPicked] = useState<string | null>(null);
  const qc = useQueryClient();
  const deliver = useMutation({
    mutationFn: (card: CardTileReply) =>
      call(API.moves.moveToQa, {
        params: { id: card.card_id },
        body: { card_id: card.card_id, card_status: card.card_status, newStatus: 'qa', upload_id: file.id },
      }),
    // The board's columns and the card's page show the move when next looked at.
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'uploads' }),
  });
  const list = cards.data ?? [];
  const chosen = list.find((c) => String(c.card_id) === picked) ?? null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={fill(DELIVERY_TEXT.deliverTitle, { file: file.file_name })}
      centered
      radius="lg"
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm" data-testid="deliver-dialog">
        {deliver.isSuccess && chosen ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck />} role="status" data-testid="deliver-done">
            {fill(DELIVERY_TEXT.delivered, { file: file.file_name, card: chosen.card_title })}
          </Alert>
        ) : cards.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading cards" />
          </Group>
        ) : cards.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
            {failureMessage(cards.error, MSG.somethingWentWrong)}
          </Alert>
        ) : list.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="deliver-empty">
            {DELIVERY_TEXT.noCardToDeliver}
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {DELIVERY_TEXT.deliverHint}
            </Text>
            <Radio.Group value={picked} onChange={setPicked} aria-label="Card">
              <Stack gap="xs">
                {list.map((card) => (
                  <Radio
                    key={card.card_id}
                    value={String(card.card_id)}
                    disabled={deliver.isPending}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {card.card_title}
                        </Text>
                        <Badge
                          size="xs"
                          variant="light"
                          color={card.revision_nr > 0 ? 'grape' : 'blue'}
                          style={{ flexShrink: 0 }}
                        >
                          {card.revision_nr > 0 ? `Revision ${card.revision_nr}` : 'Editing'}
                        </Badge>
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        )}
        {deliver.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {failureMessage(deliver.error, MSG.somethingWentWrong)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {deliver.isSuccess ? 'Close' : 'Cancel'}
          </Button>
          {!deliver.isSuccess && list.length > 0 && (
            <Button disabled={!chosen} loading={deliver.isPending} onClick={() => chosen && deliver.mutate(chosen)}>
              Move to QA
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
