// What other features may use of markers/ (docs/architecture.md): the lint refuses any other way in.
export { exportMarkers } from './markers.service.js';
