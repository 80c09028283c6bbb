// What the router (and the board's quick view) use from this feature.
export { CardDetailPage } from './card-detail-page';
export { CardQuickView } from './card-quick-view';
