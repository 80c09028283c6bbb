import { MOBILE_PX } from './constants.js';

/**
 * A server's guess that a request comes from a phone, before any script could measure the screen: the mobile
 * client hint, or "Mobi" in the user agent (MDN's advice). Only a layout hint for a server-drawn page (issue 36):
 * the browser measures its screen and draws again where the guess was wrong.
 */
export const likelyPhone = (clientHintMobile: string | undefined, userAgent: string | undefined): boolean =>
  clientHintMobile === '?1' || /Mobi/.test(userAgent ?? '');

/** The screens laid out as a phone's (lib/phone-layout.ts); a drawn page's start script asks it too. */
export const PHONE_SCREEN_QUERY = `(max-width: ${MOBILE_PX}px)`;
