/** The AI toolbox's tools (spec 002 §2): the stored key of each, as generate and the saved list name them. */
export const AI_TOOL_TYPES = ['ideas', 'title', 'script'] as const;
export type AiToolType = (typeof AI_TOOL_TYPES)[number];
