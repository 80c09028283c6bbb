/** The analytics calls (issue 16); filled in by its feature. */
export const ANALYTICS = {} as const;
