import { URL_MAX } from './constants.js';

// The link rules without zod, for the browser's first screens (issue 17); validation.ts builds its fields from them.

/** An http(s) address with no spaces. */
export const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

/** What a link field accepts (validation.ts's urlField): trimmed, at most URL_MAX characters, http(s). */
export const isLink = (value: string) => {
  const link = value.trim();
  return link.length <= URL_MAX && isHttpUrl(link);
};
