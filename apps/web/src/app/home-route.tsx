// The home page's route element, in its own module so routes.tsx can load the board on demand.
import { Suspense, lazy } from 'react';
import type { ViewType } from '@cutroom/domain';
import { HomePage } from '../features/board';
import { AnnouncementBanner } from '../features/settings/announcement-banner';
import { EditCardModal, EnableRepurposeModal, EnableYtHelperModal, NewRequestModal } from '../features/requests';

/** Loaded on first use, like the card page, so the board's bundle stays small. */
const CardQuickView = lazy(() =>
  import('../features/card-detail/card-quick-view').then((m) => ({ default: m.CardQuickView })),
);

/**
 * The board feature leaves the request forms and the quick view to their features; the route joins them,
 * with today's announcement (settings feature) above the board.
 */
export function HomeRoute({ mode }: { mode?: ViewType }) {
  return (
    <>
      <AnnouncementBanner />
      <HomePage
        mode={mode}
        renderCreateModal={({ opened, onClose }) => <NewRequestModal opened={opened} onClose={onClose} />}
        renderEditModal={({ cardId, opened, onClose }) => (
          <EditCardModal cardId={cardId} opened={opened} onClose={onClose} />
        )}
        renderEnableExtra={({ cardId, extra, opened, onClose }) =>
          extra === 'repurpose' ? (
            <EnableRepurposeModal cardId={cardId} opened={opened} onClose={onClose} />
          ) : (
            <EnableYtHelperModal cardId={cardId} opened={opened} onClose={onClose} />
          )
        }
        renderQuickView={({ cardId, opened, onClose, tab }) => (
          <Suspense fallback={null}>
            <CardQuickView cardId={cardId} opened={opened} onClose={onClose} initialTab={tab} />
          </Suspense>
        )}
      />
    </>
  );
}
