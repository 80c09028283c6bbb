/** The uploads calls (issue 16); filled in by its feature. */
export const UPLOADS = {} as const;
