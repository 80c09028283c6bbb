import { useState } from 'react';
import {
  Button,
  Group,
  Input,
  Paper,
  Radio,
  Rating,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CARD_STATUS_LABELS, RATING_MAX, RATING_REASON_MIN } from '@cutroom/domain';
import { type GetCardReply } from '@cutroom/domain/schemas';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/api-client';
import { useChangeRating, useRatingCard } from './api';
import { CardTitleSearch } from './card-title-search';
import { useQaOptions } from './qa-options';
import { ratingChangeOf, type RatingPart } from './rating-rule';

const PART_LABELS: Record<RatingPart, string> = { done: 'Done', repurpose: 'Repurpose Done' };
const starLabel = (i: number) => `${i} star${i === 1 ? '' : 's'}`;

interface Draft {
  part: RatingPart | null;
  newQa: string | null;
  reason: string;
  rating: number;
}
const EMPTY: Draft = { part: null, newQa: null, reason: '', rating: 0 };

/** 'Update QA Rating': find a card, pick the delivered part, then change its stars and/or its QA with a reason. */
export function UpdateRatingForm() {
  const [cardId, setCardId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // Remounting the search on success also empties its box.
  const [resets, setResets] = useState(0);
  const card = useRatingCard(cardId);
  const qaOptions = useQaOptions();

  const clear = () => {
    setCardId(null);
    setDraft(EMPTY);
    setResets((n) => n + 1);
  };
  const mutation = useChangeRating(clear);

  const parts = card.data?.parts ?? [];
  const chosenPart = parts.find((p) => p.card_type === draft.part) ?? null;
  const currentQaId = chosenPart?.qa_id ?? card.data?.assigned_qa_id ?? null;
  const currentQaName = chosenPart ? chosenPart.qa_name : (card.data?.assigned_qa_name ?? null);
  const change =
    cardId === null
      ? null
      : ratingChangeOf(cardId, {
          part: draft.part,
          reason: draft.reason,
          rating: draft.rating,
          currentRating: chosenPart?.rating ?? null,
          newQa: draft.newQa ? Number(draft.newQa) : null,
        });

  const edit = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const choosePart = (part: RatingPart) =>
    // The stars start at the part's rating, so submitting needs a real change.
    edit({ part, rating: parts.find((p) => p.card_type === part)?.rating ?? 0, newQa: null });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (change && !mutation.isPending) mutation.mutate(change);
        }}
      >
        <Stack gap="md">
          <CardTitleSearch
            key={resets}
            cardId={cardId}
            onChange={(id) => {
              setCardId(id);
              setDraft(EMPTY);
            }}
          />
          {cardId !== null && card.isPending && <Skeleton h={120} radius="md" aria-label="Loading the card" />}
          {card.isError && (
            <ErrorState
              message={errorMessage(card.error)}
              onRetry={() => void card.refetch()}
              retrying={card.isFetching}
            />
          )}
          {card.data && (
            <>
              <CardSummary card={card.data} />
              <Radio.Group
                label="Rating For"
                value={draft.part}
                onChange={(v) => choosePart(v)}
                data-testid="rating-part"
              >
                <Group gap="lg" mt={6}>
                  {parts.map((p) => (
                    <Radio
                      key={p.card_type}
                      value={p.card_type}
                      disabled={!p.delivered}
                      label={PART_LABELS[p.card_type]}
                      description={
                        p.delivered ? `Rating: ${p.rating === null ? 'none' : `${p.rating}/5`}` : 'Not delivered yet'
                      }
                    />
                  ))}
                </Group>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Assigned QA" value={currentQaName ?? '—'} readOnly variant="filled" />
                <Select
                  label="New QA"
                  placeholder="Keep the assigned QA"
                  searchable
                  clearable
                  disabled={!draft.part}
                  data={qaOptions.filter((o) => o.value !== String(currentQaId))}
                  value={draft.newQa}
                  onChange={(newQa) => edit({ newQa })}
                  nothingFoundMessage="No QA matches"
                />
              </SimpleGrid>
              <Textarea
                label="Reason"
                size="md"
                description={`Why the rating changes, more than ${RATING_REASON_MIN - 1} characters`}
                autosize
                minRows={2}
                maxLength={2000}
                disabled={!draft.part}
                value={draft.reason}
                onChange={(e) => edit({ reason: e.currentTarget.value })}
              />
              <Input.Wrapper label="Rating" id="rating-stars">
                <Rating
                  id="rating-stars"
                  count={RATING_MAX}
                  size="lg"
                  mt={4}
                  readOnly={!draft.part}
                  value={draft.rating}
                  onChange={(rating) => edit({ rating })}
                  getSymbolLabel={starLabel}
                  data-testid="rating-stars"
                />
              </Input.Wrapper>
              <Group justify="flex-end" gap="sm">
                {!change && draft.part && (
                  <Text fz="xs" c="dimmed">
                    Change the stars or choose a new QA, and give a reason.
                  </Text>
                )}
                <Button type="submit" disabled={!change} loading={mutation.isPending}>
                  Submit
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function CardSummary({ card }: { card: GetCardReply }) {
  return (
    <Text fz="sm" c="dimmed" data-testid="rating-card-summary">
      <Text span fw={600} c="var(--mantine-color-text)">
        {card.card_title}
      </Text>{' '}
      · {card.client_name} · {CARD_STATUS_LABELS[card.card_status]}
    </Text>
  );
}
