/**
 * A date format made at its first use, not when its module loads: making one loads the locale's data, a long
 * task on a slow phone's first screen, and most pages use few of the formats their modules declare.
 */
export const dateFormatOnUse = (locale: string, options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
};
