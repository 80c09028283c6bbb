// What other features may use of users/ (docs/architecture.md): the lint refuses any other way in.
export { likeTerm, nameOrEmail } from './customers.service.js';
export { detailColumns, mergedMailPreferences, ytFieldsFilledAfter } from './profile-columns.js';
export type { UserUpdate } from './profile-columns.js';
export { visibleUser } from './user-admin.service.js';
export { toUserView } from './user-view.js';
export { emailInUse } from './users.service.js';
export { profileUsersWhere, visibleUsersWhere } from './visibility.js';
