// The router loads the card page on demand (the player, chat and date picker stay out of the first bundle).
export { CardDetailPage as Component } from './card-detail-page';
