import { useState, type ReactNode } from 'react';
import { Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconBrandYoutube, IconFileDescription, IconMessageCircle, IconMovie } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { ActionButtons } from './action-buttons';
import { defaultTab } from './action-rules';
import { useCard, useRecordCardOpen } from './api/card-query';
import { CardHeader } from './card-header';
import { DetailsTab } from './details/details-tab';
import { useCardLive } from './use-card-live';
import { VideoReview } from './video/video-review';
import { YtTab } from './yt/yt-tab';
import type { Selection } from './video/video-versions';

export type CardTab = 'details' | 'review' | 'yt';
export const CARD_TABS: readonly CardTab[] = ['details', 'review', 'yt'];

interface CardDetailViewProps {
  cardId: number;
  onBack: () => void;
  /** The page keeps the tab in the address; the quick view keeps it in state. */
  tab?: CardTab | null;
  onTabChange?: (tab: CardTab) => void;
  /** Extra controls beside the header (the quick view's 'Open page'). */
  headerExtra?: ReactNode;
  /** The tab shown first when the tab isn't held outside (the helper board opens cards on YT Helper). */
  initialTab?: CardTab;
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

function CardContent({
  card,
  viewer,
  onBack,
  tab: givenTab,
  onTabChange,
  headerExtra,
  initialTab,
}: Omit<CardDetailViewProps, 'cardId'> & { card: CardDetailReply; viewer: UserView }) {
  const stream = useCardLive(card.card_id);
  const [ownTab, setOwnTab] = useState<CardTab>(initialTab ?? defaultTab(viewer.client_type));
  const [wanted, setWanted] = useState<Selection>({ kind: 'done', version: null, number: 1 });
  const chosen = givenTab ?? ownTab;
  const tab: CardTab = chosen === 'yt' && !card.has_youtube_helper ? defaultTab(viewer.client_type) : chosen;
  const changeTab = (next: CardTab) => {
    setOwnTab(next);
    onTabChange?.(next);
  };

  return (
    <Stack gap="md" data-testid="card-detail" data-card-id={card.card_id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <CardHeader card={card} viewer={viewer} onBack={onBack} />
        </div>
        {headerExtra}
      </Group>
      <ActionButtons card={card} viewer={viewer} ytTabOpen={tab === 'yt'} />
      <Tabs value={tab} onChange={(value) => value && changeTab(value as CardTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details" leftSection={<IconFileDescription size={16} />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="review" leftSection={<IconMessageCircle size={16} />}>
            Video &amp; Comments
          </Tabs.Tab>
          {card.has_youtube_helper && (
            <Tabs.Tab value="yt" leftSection={<IconBrandYoutube size={16} />}>
              YT Helper
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="details">
          <DetailsTab
            card={card}
            viewer={viewer}
            onView={(number) => {
              setWanted({ kind: 'done', version: null, number });
              changeTab('review');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="review">
          <VideoReview card={card} viewer={viewer} stream={stream} wanted={wanted} onWantedChange={setWanted} />
        </Tabs.Panel>
        {card.has_youtube_helper && (
          <Tabs.Panel value="yt">
            <YtTab card={card} viewer={viewer} stream={stream} />
          </Tabs.Panel>
        )}
      </Tabs>
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
export function CardDetailView({ cardId, onBack, ...rest }: CardDetailViewProps) {
  const viewer = useCurrentUser();
  const query = useCard(cardId);
  useRecordCardOpen(cardId, query.isSuccess);

  if (query.isPending) return <LoadingCard />;
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
  return <CardContent card={query.data} viewer={viewer} onBack={onBack} {...rest} />;
}
