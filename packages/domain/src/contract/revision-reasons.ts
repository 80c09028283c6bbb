import { FIRST_PASS_REPORT_ROLES, REVISION_REASON_ADMIN_ROLES } from '../revision-reasons.js';
import {
  createRevisionReasonBody,
  firstPassQuery,
  firstPassReply,
  reasonKeyParam,
  reorderRevisionReasonsBody,
  revisionReasonSaved,
  revisionReasonsAdminReply,
  revisionReasonsReply,
  updateRevisionReasonBody,
} from '../schemas/revision-reasons.js';
import { defineRoute } from './define.js';

const tags = ['revision reasons'];

/** Revision reasons the admin keeps, and the dashboard's first-pass section (issue 20; docs/reporting.md). */
export const REVISION_REASONS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/revisionReasons',
    tags,
    summary: 'The active revision reasons in their order (the revision dialog)',
    access: 'user',
    reply: revisionReasonsReply,
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/revisionReasons/all',
    tags,
    summary: 'Every revision reason, inactive ones too, with how many revisions named it',
    access: REVISION_REASON_ADMIN_ROLES,
    reply: revisionReasonsAdminReply,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/revisionReasons',
    tags,
    summary: 'Add a reason at the end of the list; its key is made from the label',
    access: REVISION_REASON_ADMIN_ROLES,
    body: createRevisionReasonBody,
    reply: revisionReasonSaved,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/revisionReasons/:key',
    tags,
    summary: 'Rename a reason or (de)activate it; reasons are never deleted, so past revisions keep theirs',
    access: REVISION_REASON_ADMIN_ROLES,
    params: reasonKeyParam,
    body: updateRevisionReasonBody,
    reply: revisionReasonSaved,
  }),
  reorder: defineRoute({
    method: 'POST',
    path: '/api/revisionReasons/reorder',
    tags,
    summary: 'Set the order of the whole list (every key once)',
    access: REVISION_REASON_ADMIN_ROLES,
    body: reorderRevisionReasonsBody,
    reply: revisionReasonsAdminReply,
  }),
  firstPass: defineRoute({
    method: 'GET',
    path: '/api/dashboard/first-pass',
    tags: ['reports'],
    summary:
      'First-pass approval per editor, QA and customer, and the top revision reasons, over the cards the caller sees',
    access: FIRST_PASS_REPORT_ROLES,
    query: firstPassQuery,
    reply: firstPassReply,
  }),
} as const;
