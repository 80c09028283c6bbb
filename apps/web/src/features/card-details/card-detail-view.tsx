import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { HydrationSlice } from '../../components/hydration-slice';
import { isServerFirstScreen } from '../../lib/hydrating';
import { isApiError } from '../../lib/api-client';
import { importOnce } from '../../lib/import-once';
import { useCurrentUser } from '../../lib/session';
import { useRecordCardOpen } from './api/record-card-open';
import { useCard } from '../../lib/card/card-query';
import { CardHeader } from './card-header';
import type * as CardBodyCode from './card-body';
import type { CardBodyProps } from './card-body';

type BodyCode = typeof CardBodyCode;
let bodyCode: BodyCode | undefined;
/**
 * The card's actions and tabs (the player, the chat, the forms): most of the page's code, loaded after its
 * header has been drawn: a tap on a tile shows the card's header first, and this code's first run (about 100 ms
 * on a mid-range phone) does not hold it up (issue 36).
 */
export const loadCardBody = importOnce(() => import('./card-body').then((code) => (bodyCode = code)));

/**
 * Not a React.lazy, which suspends once even when its code is in: a page the server drew loads the body before
 * it hydrates (CardDetailPage.beforeHydration), and a click on it then must find it live, not waiting to hydrate.
 */
function CardBody(props: CardBodyProps) {
  const { CardBody: Body } = bodyCode ?? use(loadCardBody());
  return <Body {...props} />;
}

interface CardDetailViewProps extends Omit<CardBodyProps, 'card' | 'viewer' | 'onDrawn'> {
  cardId: number;
  onBack: () => void;
  /** Extra controls beside the header (the quick view's 'Open page'). */
  headerExtra?: ReactNode;
  /** The tile the card was opened from: its header shows at once, the rest when the card arrives. */
  preview?: CardTileReply;
}

export function CardNotFound({ onBack }: { onBack: () => void }) {
  return (
    <div data-testid="card-not-found">
      <EmptyStateCard icon={<IconMovie size={34} stroke={1.5} />} title="Card not found" description={MSG.cardNotFound}>
        <Button variant="light" onClick={onBack}>
          Back to the board
        </Button>
      </EmptyStateCard>
    </div>
  );
}

/** While the card's call is out under a header drawn from its tile: where the actions and tabs will be. */
function LoadingBody() {
  return (
    <Stack gap="md" className="delayed-appear">
      <Skeleton h={36} />
      <Skeleton h={360} />
    </Stack>
  );
}

function LoadingCard() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading card" className="delayed-appear">
      <Skeleton h={36} w="60%" />
      <Skeleton h={32} w={320} />
      <Skeleton h={36} w={280} />
      <Skeleton h={360} />
    </Stack>
  );
}

/** One card: header, actions and tabs; shared by the page and the quick view (spec 001 §2). */
export function CardDetailView({ cardId, onBack, preview, headerExtra, ...rest }: CardDetailViewProps) {
  const viewer = useCurrentUser();
  const query = useCard(cardId);
  useRecordCardOpen(cardId, query.isSuccess);
  // The page is whole once its body is drawn: until then it says card-preview (and busy), after card-detail. The
  // server draws it whole, and hydration must find the same.
  const [drawn, setDrawn] = useState(isServerFirstScreen);
  // Asked for at once, not when the card arrives: the code and the call come in parallel. A failure shows where
  // the body is drawn.
  useEffect(() => void loadCardBody().catch(() => undefined), []);

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <CardNotFound onBack={onBack} />;
    const message = isApiError(query.error) && query.error.status !== 0 ? query.error.message : MSG.couldNotFetchCard;
    return (
      <ErrorState
        message={message || MSG.couldNotFetchCard}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const card = query.data;
  const header = card ?? preview;
  if (!header) return <LoadingCard />;
  // The header keeps its place in the tree from the tile's preview to the card, so nothing in it is drawn twice.
  const whole = card !== undefined && drawn;
  return (
    <Stack
      gap="md"
      data-testid={whole ? 'card-detail' : 'card-preview'}
      data-card-id={cardId}
      aria-busy={whole ? undefined : true}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <HydrationSlice>
            <CardHeader card={header} viewer={viewer} onBack={onBack} />
          </HydrationSlice>
        </div>
        {headerExtra}
      </Group>
      <Suspense fallback={<LoadingBody />}>
        {card ? <CardBody card={card} viewer={viewer} onDrawn={setDrawn} {...rest} /> : <LoadingBody />}
      </Suspense>
    </Stack>
  );
}
