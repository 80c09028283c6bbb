/** A tab id the server accepts; anything else is ignored rather than echoed to other listeners. */
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
