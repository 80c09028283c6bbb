import { z } from 'zod';
import {
  changePasswordBody,
  loginBody,
  loginReply,
  messageReply,
  passwordResetBody,
  passwordResetConfirmBody,
  signupBody,
  signupReply,
  statusMessageReply,
  verifyBody,
} from '../schemas/auth.js';
import { userView } from '../schemas/users.js';
import { defineRoute } from './define.js';
import { ME_PATH } from '../web-calls.js';

const tags = ['auth'];

export const AUTH = {
  signup: defineRoute({
    method: 'POST',
    path: '/api/signup',
    tags,
    summary: 'Customer self sign-up; mails a verification link',
    access: 'public',
    body: signupBody,
    reply: signupReply,
    status: 201,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/verify-email-address',
    tags,
    summary: 'Confirm an email address from its mailed token',
    access: 'public',
    body: verifyBody,
    reply: statusMessageReply,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    tags,
    summary:
      'Log in. API clients get a bearer token; the web app (X-Requested-With: cutroom-web) gets an httpOnly cookie instead',
    access: 'public',
    body: loginBody,
    reply: loginReply,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    tags,
    summary: 'End the current session',
    access: 'public',
    reply: messageReply,
  }),
  me: defineRoute({
    method: 'GET',
    path: ME_PATH,
    tags,
    summary: 'The logged-in user',
    access: 'user',
    reply: userView,
  }),
  websiteUser: defineRoute({
    method: 'GET',
    path: '/api/getWebsiteUser',
    tags,
    summary: "The logged-in user's whole profile, a customer's profile details included (the profile page reads it)",
    access: 'user',
    reply: z.object({ data: userView }),
  }),
  passwordReset: defineRoute({
    method: 'POST',
    path: '/api/user/password-reset',
    tags,
    summary: 'Mail a password reset link',
    access: 'public',
    body: passwordResetBody,
    reply: messageReply,
  }),
  passwordResetConfirm: defineRoute({
    method: 'POST',
    path: '/api/user/password-reset/confirm',
    tags,
    summary: 'Set a new password with the mailed token; signs out every session',
    access: 'public',
    body: passwordResetConfirmBody,
    reply: messageReply,
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/api/change-password',
    tags,
    summary: 'Change the own password (other sessions end), or, as admin, set a temporary one for client_id',
    access: 'user',
    body: changePasswordBody,
    reply: statusMessageReply,
    whileTemporaryPassword: true,
  }),
} as const;
