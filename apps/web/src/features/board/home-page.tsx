import { useMemo, useState, type ReactNode } from 'react';
import { Group } from '@mantine/core';
import { Segmented } from '../../components/segmented';
import type { UserView } from '@cutroom/domain/schemas';
import type { ViewType } from '@cutroom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HydrationSlice } from '../../components/hydration-slice';
import { PageHeader } from '../../components/page-header';
import { cardDetailsPath } from '../../lib/card-url';
import { useCurrentUser } from '../../lib/session';
import { writeLocal } from '../../lib/storage';
import { initialMode, mayUseYtMode } from './board-mode';
import { invalidateColumns, useBoardSummary } from './api';
import { BoardView } from './board-view';
import { visibleColumns } from './columns';
import { CreateButton, HomeToolbar, MonthlyCount, ReloadBoardButton, ViewToggle } from './home-toolbar';
import { ListView } from './list-view';
import { MoveWorkflow, type EditModalSlot, type EnableExtraSlot } from './move-workflow';
import { useBoardEvents } from './use-board-events';
import { useHomeFilters } from './use-home-filters';
import { useYtBoardEvents } from './use-yt-board-events';
import { useYtCounts, type YtFilters } from './yt-api';
import { YtBoardView } from './yt-board-view';
import { YtListView } from './yt-list-view';
import { YtMoveWorkflow } from './yt-workflow';
import { PATHS } from '../../lib/paths';

/** The helper board opens a card's quick view on its YT Helper tab. */
export type QuickViewSlot = (p: { cardId: number; opened: boolean; onClose: () => void; tab?: 'yt' }) => ReactNode;

export type CreateModalSlot = (p: { opened: boolean; onClose: () => void }) => ReactNode;

export interface HomePageProps {
  /** The new-request form as a modal; without it Create opens /new-card. */
  renderCreateModal?: CreateModalSlot;
  /** The edit form for a card; without it tiles offer no Edit. */
  renderEditModal?: EditModalSlot;
  /** The card's quick view for '#card-{id}'; without it the hash opens the card's page. */
  renderQuickView?: QuickViewSlot;
  /** The form turning repurpose or the YouTube helper on for a card; without it tiles don't offer it. */
  renderEnableExtra?: EnableExtraSlot;
  /** /ythelper/dashboard opens the helper board whatever mode was stored. */
  mode?: ViewType;
}

function ModeSwitch({ mode, onChange }: { mode: ViewType; onChange: (mode: ViewType) => void }) {
  return (
    <Segmented
      data-testid="mode-switch"
      aria-label="Board mode"
      value={mode}
      onChange={onChange}
      data={[
        { value: 'normal', label: 'Normal' },
        { value: 'yt-helper', label: 'YouTube helper' },
      ]}
    />
  );
}

/** The helper mode's board or list (spec 000 §2 "yt-helper mode"): title search and View As only. */
function YtHome({ user, filters, view }: { user: UserView; filters: YtFilters; view: 'board' | 'list' }) {
  const counts = useYtCounts(filters);
  useYtBoardEvents();
  return (
    <YtMoveWorkflow user={user}>
      {view === 'board' ? (
        <YtBoardView filters={filters} counts={counts.data} />
      ) : (
        <YtListView filters={filters} counts={counts.data} />
      )}
    </YtMoveWorkflow>
  );
}

const positiveId = (raw: string | null | undefined): number | null => {
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

function Home({ renderCreateModal, renderEditModal, renderEnableExtra, mode: forcedMode }: HomePageProps) {
  const user = useCurrentUser();
  const [mode, setMode] = useState<ViewType>(() => initialMode(user, forcedMode));
  const yt = mode === 'yt-helper';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useHomeFilters(user.client_type, params);
  const summary = useBoardSummary(home.filters, user.client_type);
  // One array while the shown columns stay, so the memoized board is not drawn again for nothing.
  const boardColumns = useMemo(() => visibleColumns(home.show), [home.show]);
  const ytFilters: YtFilters = useMemo(
    () => ({ card_name: home.filters.card_name, view_as: home.filters.view_as }),
    [home.filters.card_name, home.filters.view_as],
  );
  const changeMode = (next: ViewType) => {
    writeLocal('viewType', next);
    // The helper board's own address belongs to the helper mode.
    if (forcedMode && next !== forcedMode) void navigate('/');
    setMode(next);
  };
  const [creating, setCreating] = useState(false);
  useBoardEvents();

  const closeCreate = () => {
    setCreating(false);
    // This tab skips the live event of its own request, so this is what shows the new card.
    void invalidateColumns(queryClient, ['video_request']);
  };

  return (
    <MoveWorkflow user={user} renderEditModal={renderEditModal} renderEnableExtra={renderEnableExtra}>
      <PageHeader
        title={yt ? 'YouTube helper' : user.client_type === 'customer' ? 'Your video requests' : 'Cards'}
        actions={
          <Group gap="sm" wrap="wrap">
            {mayUseYtMode(user) && <ModeSwitch mode={mode} onChange={changeMode} />}
            {user.client_type === 'customer' && !yt && <MonthlyCount summary={summary.data} />}
            <ViewToggle view={home.view} onChange={home.setView} />
            <ReloadBoardButton />
            <CreateButton
              role={user.client_type}
              summary={summary.data}
              onCreate={() => (renderCreateModal ? setCreating(true) : void navigate('/new-card'))}
            />
          </Group>
        }
      />
      <HydrationSlice>
        <HomeToolbar home={home} role={user.client_type} viewerId={user.client_id} ytMode={yt} />
      </HydrationSlice>
      <HydrationSlice>
        {yt ? (
          <YtHome user={user} filters={ytFilters} view={home.view} />
        ) : home.view === 'board' ? (
          <BoardView columns={boardColumns} filters={home.filters} counts={summary.data?.counts} />
        ) : (
          <ListView home={home} counts={summary.data?.counts} />
        )}
      </HydrationSlice>
      {renderCreateModal?.({ opened: creating, onClose: closeCreate })}
    </MoveWorkflow>
  );
}

/** The home page (spec 000 §2): board or list of cards, the move workflow and live updates. */
export function HomePage(props: HomePageProps) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  // '?cardId=12' (dashboard links) opens the card's page; '#card-12' its quick view over the board (spec 000 §2).
  const queried = positiveId(params.get('cardId') ?? params.get('card_id'));
  const hashed = positiveId(/^#card-(\d+)$/.exec(hash)?.[1]);
  // The helper board's cards open on their YT Helper tab.
  const ytTab = initialMode(user, props.mode) === 'yt-helper';
  const cardPath = (id: number) => (ytTab ? `${cardDetailsPath(id)}?tab=yt` : cardDetailsPath(id));
  if (queried) return <Navigate to={cardPath(queried)} replace />;
  // /ythelper/dashboard typed by someone without the helper board goes home, not to a board at that address.
  if (props.mode === 'yt-helper' && !mayUseYtMode(user)) return <Navigate to={PATHS.home} replace />;
  if (hashed && !props.renderQuickView) return <Navigate to={cardPath(hashed)} replace />;
  return (
    <>
      <Home {...props} />
      {hashed &&
        props.renderQuickView?.({
          cardId: hashed,
          opened: true,
          onClose: () => void navigate({ pathname, search }, { replace: true }),
          ...(ytTab ? { tab: 'yt' as const } : {}),
        })}
    </>
  );
}
