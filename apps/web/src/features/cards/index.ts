// What other parts of the app use from this feature: the page for the router, the modals for the board.
export { NewRequestPage } from './new-request-page';
export { NewRequestModal } from './new-request-modal';
export { EditCardModal } from './edit-card-modal';
export { EnableRepurposeModal, EnableYtHelperModal } from './enable-extra-modals';
