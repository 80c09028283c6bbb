/** The ai calls (issue 16); filled in by its feature. */
export const AI_TOOLBOX = {} as const;
