// What other features may use of auth/ (docs/architecture.md): the lint refuses any other way in.
export { sendVerificationMail } from './auth-mail.js';
export { issueUserToken } from './user-tokens.js';
