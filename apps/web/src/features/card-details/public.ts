// What other features may use of card-details/ (docs/architecture.md): the lint refuses any other way in.
export { useAssignableStaff } from './api/assignable-staff';
export { useCard } from './api/card-query';
