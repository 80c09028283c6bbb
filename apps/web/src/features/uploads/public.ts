// What other features use of the uploads feature (docs/architecture.md, "Boundaries").
export { CutUpload, DeliveryModeSwitch, type DeliveryMode } from './cut-upload';
