/** 'Ada Lovelace' from the first and last names a reply carries, either of which may be missing. */
export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ').trim();
