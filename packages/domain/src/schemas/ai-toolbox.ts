import { z } from 'zod';
import { AI_DURATIONS, AI_LIMITS, AI_TOOL_TYPES } from '../ai-toolbox.js';
import { LIST_LIMIT_MAX, TABLE_PAGE_SIZE } from '../constants.js';
import { MSG, fill } from '../messages.js';
import { optionalParam } from './fields.js';

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fill(MSG.fieldTooLong, { label, max: String(max) }) });
/** An optional short text; empty counts as left out. */
const optionalText = (label: string) =>
  optionalParam(text(label, AI_LIMITS.fieldMax).optional()).transform((v) => v || undefined);
const toolType = z.enum(AI_TOOL_TYPES);

/** One value or a repeated query parameter, as a list of the non-empty trimmed values (spec 002 §3). */
const subTopics = z
  .preprocess(
    (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(text('A sub-topic', AI_LIMITS.subTopicMax)),
  )
  .transform((list) => list.filter(Boolean))
  .refine((list) => list.length <= AI_LIMITS.subTopicsMax, {
    error: fill(MSG.aiSubTopicsMax, { max: String(AI_LIMITS.subTopicsMax) }),
  });

/** GET /api/ai/toolbox-response: the generate fields (spec 002 §3) as query parameters. */
export const aiGenerateQuery = z
  .object({
    title: text('Title', AI_LIMITS.titleMax).min(1, { error: MSG.requiredField }),
    toolType,
    category: optionalText('Category'),
    audience_type: optionalText('Audience type'),
    duration: optionalParam(z.enum(AI_DURATIONS).optional()).describe('Scripts only: required for them'),
    sub_topics: subTopics.describe(
      `Scripts only: repeat the parameter for each (up to ${AI_LIMITS.subTopicsMax}); empty ones are dropped`,
    ),
  })
  .superRefine((q, ctx) => {
    if (q.toolType === 'script' && !q.duration) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: MSG.aiDurationRequired });
    }
  });
export type AiGenerateQuery = z.output<typeof aiGenerateQuery>;

/** The final event of a generation: the answer split into items (the stream's `done` event). */
export const aiResultItems = z.object({ items: z.array(z.string()), remaining: z.number().int() });

export const aiStatusReply = z.object({
  configured: z.boolean(),
  model: z.string().nullable().describe('The model name; never the key or the address'),
  daily_limit: z.number().int().nullable(),
  used_today: z.number().int(),
  remaining: z.number().int().nullable(),
});

const richText = z
  .string()
  .max(AI_LIMITS.dataMax, { error: fill(MSG.fieldTooLong, { label: 'Data', max: String(AI_LIMITS.dataMax) }) });

export const aiSaveBody = z.object({
  title: text('Title', AI_LIMITS.titleMax).min(1, { error: MSG.requiredField }),
  toolType,
  audience_type: text('Audience type', AI_LIMITS.fieldMax).nullish(),
  category: text('Category', AI_LIMITS.fieldMax).nullish(),
  duration: z.enum(AI_DURATIONS).nullish(),
  data: richText.describe('The result to keep (plain or rich text; sanitized)'),
  userId: z.unknown().optional().describe('Ignored: the session decides whose list it is'),
});
export const aiSaveReply = z.object({ message: z.string(), id: z.number().int() });

export const aiSavedItem = z.object({
  id: z.number().int(),
  toolType,
  title: z.string(),
  audience_type: z.string().nullable(),
  category: z.string().nullable(),
  duration: z.string().nullable(),
  data: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AiSavedItem = z.output<typeof aiSavedItem>;

export const aiSavedQuery = z.object({
  titleSearch: optionalParam(text('titleSearch', AI_LIMITS.titleMax).optional()),
  tooltype: optionalParam(toolType.optional()).describe('One tool, or empty / all for every tool'),
  fetch: optionalParam(z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(TABLE_PAGE_SIZE)).describe(
    'Page size',
  ),
  page: optionalParam(z.coerce.number().int().min(1).max(100_000).default(1)),
  userId: z.string().max(100).optional().describe('Ignored: the session decides whose list it is'),
  userType: z.string().max(100).optional().describe('Ignored'),
});
export const aiSavedReply = z.object({ data: z.array(aiSavedItem), totalCount: z.number().int() });

export const aiUpdateBody = z.object({
  id: z.coerce.number().int().positive().optional().describe('If sent, must be the id in the address'),
  data: richText,
  userId: z
    .union([z.string().max(100), z.number()])
    .optional()
    .describe('Ignored: the session decides whose list it is'),
});
export const aiMessageReply = z.object({ message: z.string() });
