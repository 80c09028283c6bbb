import { z } from 'zod';
import { profileBody } from '../schemas/auth.js';
import { userView } from '../schemas/users.js';
import { defineRoute } from './define.js';

const tags = ['profiles'];

/** The own profile's changes; other people's profiles are read and changed through the users calls. */
export const PROFILES = {
  updateOwn: defineRoute({
    method: 'POST',
    path: '/api/user/profile',
    tags,
    summary:
      'Update the own profile (only the fields sent; a new email is confirmed by a mailed link), or only profile_img',
    access: 'user',
    body: profileBody,
    reply: z.object({ message: z.string(), user: userView }),
    // The profile page's registration form, avatar and reference file work before the password is changed.
    whileTemporaryPassword: true,
  }),
} as const;
