// The home page's route element, in its own module so routes.tsx can load the board on demand.
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Modal } from '@mantine/core';
import type { ViewType } from '@cutroom/domain';
import { FullPageLoader, SectionLoader } from '../components/loaders';
import { useFirstOpened } from '../lib/first-opened';
import { whenIdle } from '../lib/when-idle';
import { HomePage } from '../features/board';
import { AnnouncementBanner } from '../features/settings/announcement-banner';
import { prefetchActiveAnnouncement, useActiveAnnouncement } from '../features/settings/api';
import { prefetchFrame as prefetchFrameCounts } from './layout/frame-prefetch';
import { loadCardLoader, loadCardRoute } from './card-page-code';
import type { UserView } from '@cutroom/domain/schemas';

/** Today's banner and the app frame's counts, with the board's first calls (routes.tsx). */
export function prefetchFrame(queryClient: QueryClient, user: UserView) {
  prefetchActiveAnnouncement(queryClient);
  prefetchFrameCounts(queryClient, user);
}

/**
 * The banner sits above the board (spec 000 §3), so a banner arriving after the board pushes it down (CLS
 * 0.157 on a phone): the page waits for the announcement's answer, asked by the loader beside the board's
 * calls, but never longer than this.
 */
const BANNER_WAIT_MS = 1_500;

function useBannerSettled() {
  const announcement = useActiveAnnouncement();
  const [settled, setSettled] = useState(false);
  // Once the page has shown, it stays: a later refetch never takes the board away again.
  if (!settled && !announcement.isPending) setSettled(true);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), BANNER_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return settled || !announcement.isPending;
}

/** Loaded on first use, like the card page, so the board's bundle stays small. */
const CardQuickView = lazy(() =>
  import('../features/card-details/card-quick-view').then((m) => ({ default: m.CardQuickView })),
);

// The request forms (with the rich-text editor and the date pickers) load when one is opened (issue 17).
const NewRequestModal = lazy(() =>
  import('../features/cards/new-request-modal').then((m) => ({ default: m.NewRequestModal })),
);
const EditCardModal = lazy(() =>
  import('../features/cards/edit-card-modal').then((m) => ({ default: m.EditCardModal })),
);
const extraModals = () => import('../features/cards/enable-extra-modals');
const EnableRepurposeModal = lazy(() => extraModals().then((m) => ({ default: m.EnableRepurposeModal })));
const EnableYtHelperModal = lazy(() => extraModals().then((m) => ({ default: m.EnableYtHelperModal })));

/**
 * Mounts a form's modal from its first opening on (so it still animates its closing), with a modal of the
 * same size holding a spinner while the form's code arrives.
 */
function OnFirstOpen({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  const used = useFirstOpened(opened);
  if (!used) return null;
  return (
    <Suspense
      fallback={
        <Modal opened={opened} onClose={onClose} size="xl" radius="lg" title=" ">
          <SectionLoader mih={320} />
        </Modal>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The board feature leaves the request forms and the quick view to their features; the route joins them,
 * with today's announcement (settings feature) above the board.
 */
/** The helper board: its own key keeps it apart from '/' when switching between them. */
export const YtHomeRoute = () => <HomeRoute key="yt" mode="yt-helper" />;

/**
 * A tap on a tile opens its card: the card route's first calls and its page's header (its body loads once the
 * header is drawn) are run when the board is idle, so the tap's navigation finds them (issue 36). Not with the
 * board's own files: that measured no faster for a tap the moment the board shows (the board's own start-up
 * holds that one), and added to the board's start.
 */
const useCardPageReady = () =>
  useEffect(
    () =>
      whenIdle(() => {
        loadCardLoader().catch(() => undefined);
        loadCardRoute().catch(() => undefined);
      }),
    [],
  );

export function HomeRoute({ mode }: { mode?: ViewType }) {
  const settled = useBannerSettled();
  useCardPageReady();
  if (!settled) return <FullPageLoader />;
  return (
    <>
      <AnnouncementBanner />
      <HomePage
        mode={mode}
        renderCreateModal={({ opened, onClose }) => (
          <OnFirstOpen opened={opened} onClose={onClose}>
            <NewRequestModal opened={opened} onClose={onClose} />
          </OnFirstOpen>
        )}
        renderEditModal={({ cardId, opened, onClose }) => (
          <OnFirstOpen opened={opened} onClose={onClose}>
            <EditCardModal cardId={cardId} opened={opened} onClose={onClose} />
          </OnFirstOpen>
        )}
        renderEnableExtra={({ cardId, extra, opened, onClose }) => (
          <OnFirstOpen opened={opened} onClose={onClose}>
            {extra === 'repurpose' ? (
              <EnableRepurposeModal cardId={cardId} opened={opened} onClose={onClose} />
            ) : (
              <EnableYtHelperModal cardId={cardId} opened={opened} onClose={onClose} />
            )}
          </OnFirstOpen>
        )}
        renderQuickView={({ cardId, opened, onClose, tab }) => (
          <Suspense fallback={null}>
            <CardQuickView cardId={cardId} opened={opened} onClose={onClose} initialTab={tab} />
          </Suspense>
        )}
      />
    </>
  );
}
