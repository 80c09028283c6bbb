// The card page under its header: the actions and the tabs, loaded on their own (card-detail-view.tsx).
import { useDeferredValue, useLayoutEffect, useState, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { IconBrandYoutube, IconFileDescription, IconMessageCircle } from '@tabler/icons-react';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { SectionLoader } from '../../components/loaders';
import { HydrationSlice } from '../../components/hydration-slice';
import { ActionButtons } from './action-buttons';
import { defaultTab } from './action-rules';
import type { CardTab } from './card-tabs';
import { DetailsTab } from './details/details-tab';
import { useCardLive } from './use-card-live';
import { VideoReview } from './video-review';
import { YtTab } from '../yt-helper/public';
import { ApprovalRound } from '../approvals/public';
import type { Selection } from '../media-pipeline/public';

export interface CardBodyProps {
  card: CardDetailReply;
  viewer: UserView;
  /** The page keeps the tab in the address; the quick view keeps it in state. */
  tab?: CardTab | null;
  onTabChange?: (tab: CardTab) => void;
  /** The tab shown first when the tab isn't held outside (the helper board opens cards on YT Helper). */
  initialTab?: CardTab;
  /** Told once the body is on the page, so the page says it is whole (card-detail-view.tsx). */
  onDrawn?: (drawn: true) => void;
}

/** The card's actions and tabs, under its header. */
export function CardBody({ card, viewer, tab: givenTab, onTabChange, initialTab, onDrawn }: CardBodyProps) {
  useCardLive(card.card_id);
  useLayoutEffect(() => onDrawn?.(true), [onDrawn]);
  const [ownTab, setOwnTab] = useState<CardTab>(initialTab ?? defaultTab(viewer.client_type));
  const [wanted, setWanted] = useState<Selection>({ kind: 'done', version: null, number: 1 });
  const chosen = givenTab ?? ownTab;
  const tab: CardTab = chosen === 'yt' && !card.has_youtube_helper ? defaultTab(viewer.client_type) : chosen;
  // A tap shows the chosen tab at once; its panel (the player and the chat: hundreds of ms on a phone) is drawn
  // after, in slices, under the tab already selected (issue 55: the tap's next paint within 200 ms).
  const panel = useDeferredValue(tab);
  const drawn = (value: CardTab, content: ReactNode) => (panel === value ? content : <SectionLoader mih={240} />);
  const changeTab = (next: CardTab) => {
    setOwnTab(next);
    onTabChange?.(next);
  };

  return (
    <>
      <HydrationSlice>
        <ActionButtons card={card} viewer={viewer} ytTabOpen={tab === 'yt'} />
      </HydrationSlice>
      <HydrationSlice>
        <ApprovalRound card={card} viewer={viewer} />
      </HydrationSlice>
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
          {drawn(
            'details',
            <DetailsTab
              card={card}
              viewer={viewer}
              onView={(number) => {
                setWanted({ kind: 'done', version: null, number });
                changeTab('review');
              }}
            />,
          )}
        </Tabs.Panel>
        <Tabs.Panel value="review">
          {drawn('review', <VideoReview card={card} viewer={viewer} wanted={wanted} onWantedChange={setWanted} />)}
        </Tabs.Panel>
        {card.has_youtube_helper && (
          <Tabs.Panel value="yt">{drawn('yt', <YtTab card={card} viewer={viewer} />)}</Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
