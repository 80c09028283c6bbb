import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CardDetailView, CardNotFound, loadCardBody } from './card-detail-view';
import { isCardTab } from './card-tabs';
import { cardDetailsPath } from '../../lib/card-url';
import { decodeCardId } from './paths';
import { tileFromState } from './tile-preview';

/**
 * /card-details/{id}. An address carrying the card as ?cardId= (a dashboard link) is decoded and
 * redirected to the card's own address first.
 */
export function CardDetailPage() {
  const { cardId: param } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Back returns to where the user came from; opened from a link, it goes to the board.
  const back = () => (location.key !== 'default' ? void navigate(-1) : void navigate('/'));

  if (!param) {
    const fromQuery = decodeCardId(search.get('cardId') ?? search.get('card_id'));
    return fromQuery ? (
      <Navigate to={cardDetailsPath(fromQuery)} replace />
    ) : (
      <CardNotFound onBack={() => void navigate('/')} />
    );
  }
  const cardId = decodeCardId(param);
  if (!cardId) return <CardNotFound onBack={() => void navigate('/')} />;
  if (param !== String(cardId)) return <Navigate to={cardDetailsPath(cardId)} replace />;

  const tab = search.get('tab');
  return (
    <CardDetailView
      key={cardId}
      cardId={cardId}
      onBack={back}
      tab={isCardTab(tab) ? tab : null}
      preview={tileFromState(location.state, cardId)}
      onTabChange={(next) => setSearch({ tab: next }, { replace: true })}
    />
  );
}

// A drawn card page hydrates with its body's code in (first-screen/hydrate.tsx).
CardDetailPage.beforeHydration = loadCardBody;
