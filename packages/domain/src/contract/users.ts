import { createUserBody, createUserReply, customersReply, listQuery, userView, usersReply } from '../schemas/users.js';
import { idParam } from '../validation.js';
import { defineRoute } from './define.js';

const tags = ['users'];

export const USERS = {
  create: defineRoute({
    method: 'POST',
    path: '/api/user',
    tags,
    summary: 'Create a user of any role',
    access: ['admin'],
    body: createUserBody,
    reply: createUserReply,
    status: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/user/:id',
    tags,
    summary: 'One user the caller may see',
    access: 'user',
    params: idParam,
    reply: userView,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    tags,
    summary: 'Staff the caller works with',
    access: ['admin', 'team-lead', 'qa', 'yt-helper-lead'],
    query: listQuery,
    reply: usersReply,
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/api/customers',
    tags,
    summary: 'Customers the caller serves',
    access: ['admin', 'team-lead', 'qa', 'yt-helper-lead', 'yt-helper'],
    query: listQuery,
    reply: customersReply,
  }),
} as const;
