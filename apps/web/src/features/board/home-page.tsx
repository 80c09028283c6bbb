import { useState, type ReactNode } from 'react';
import { Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { cardDetailsPath } from '../../lib/card-url';
import { useCurrentUser } from '../../lib/session';
import { invalidateColumns, useBoardSummary } from './api';
import { BoardView } from './board-view';
import { visibleColumns } from './columns';
import { CreateButton, HomeToolbar, MonthlyCount, ReloadBoardButton, ViewToggle } from './home-toolbar';
import { ListView } from './list-view';
import { MoveWorkflow, type EditModalSlot, type EnableExtraSlot } from './move-workflow';
import { useBoardEvents } from './use-board-events';
import { useHomeFilters } from './use-home-filters';

export type CreateModalSlot = (p: { opened: boolean; onClose: () => void }) => ReactNode;

export interface HomePageProps {
  /** The new-request form as a modal; without it Create opens /new-card. */
  renderCreateModal?: CreateModalSlot;
  /** The edit form for a card; without it tiles offer no Edit. */
  renderEditModal?: EditModalSlot;
  /** The card's quick view for '#card-{id}'; without it the hash opens the card's page. */
  renderQuickView?: EditModalSlot;
  /** The form turning repurpose or the YouTube helper on for a card; without it tiles don't offer it. */
  renderEnableExtra?: EnableExtraSlot;
}

const positiveId = (raw: string | null | undefined): number | null => {
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

function Home({ renderCreateModal, renderEditModal, renderEnableExtra }: HomePageProps) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useHomeFilters(user.client_type, params);
  const summary = useBoardSummary(home.filters, user.client_type);
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
        title={user.client_type === 'customer' ? 'Your video requests' : 'Cards'}
        actions={
          <Group gap="sm" wrap="wrap">
            {user.client_type === 'customer' && <MonthlyCount summary={summary.data} />}
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
      <HomeToolbar home={home} role={user.client_type} viewerId={user.client_id} />
      {home.view === 'board' ? (
        <BoardView columns={visibleColumns(home.show)} filters={home.filters} counts={summary.data?.counts} />
      ) : (
        <ListView home={home} counts={summary.data?.counts} />
      )}
      {renderCreateModal?.({ opened: creating, onClose: closeCreate })}
    </MoveWorkflow>
  );
}

/** The home page (spec 000 §2): board or list of cards, the move workflow and live updates. */
export function HomePage(props: HomePageProps) {
  const [params] = useSearchParams();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  // '?cardId=12' (dashboard links) opens the card's page; '#card-12' its quick view over the board (spec 000 §2).
  const queried = positiveId(params.get('cardId') ?? params.get('card_id'));
  const hashed = positiveId(/^#card-(\d+)$/.exec(hash)?.[1]);
  if (queried) return <Navigate to={cardDetailsPath(queried)} replace />;
  if (hashed && !props.renderQuickView) return <Navigate to={cardDetailsPath(hashed)} replace />;
  return (
    <>
      <Home {...props} />
      {hashed &&
        props.renderQuickView?.({
          cardId: hashed,
          opened: true,
          onClose: () => void navigate({ pathname, search }, { replace: true }),
        })}
    </>
  );
}
