/** The help calls (issue 16); filled in by its feature. */
export const HELP = {} as const;
