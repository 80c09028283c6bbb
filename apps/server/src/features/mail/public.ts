// What other features may use of mail/ (docs/architecture.md): the lint refuses any other way in.
export { queueNotificationMails } from './notification-mails.js';
export { sendMail } from './outbox.js';
export { escapeHtml, linkMail } from './templates.js';
