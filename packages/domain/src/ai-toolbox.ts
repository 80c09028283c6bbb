import { richTextAsLine } from './rich-text.js';
import { MSG } from './messages.js';
import type { Role } from './roles.js';

/** The AI toolbox's tools (spec 002 §2): the stored key of each, as generate and the saved list name them. */
export const AI_TOOL_TYPES = ['ideas', 'title', 'script'] as const;
export type AiToolType = (typeof AI_TOOL_TYPES)[number];

/** Who has the toolbox: the roles whose sidebar shows it (navigation.ts); the rest get 403. */
export const AI_TOOLBOX_ROLES: readonly Role[] = ['admin', 'customer'];

/** Each tool's card title and its name in the Saved List's filter (spec 002 §2). */
export const AI_TOOLS: Record<AiToolType, { label: string; filterLabel: string; description: string }> = {
  ideas: {
    label: 'Get new video ideas',
    filterLabel: 'Ideas',
    description: 'Fresh video ideas around a topic, ready to turn into requests.',
  },
  title: {
    label: 'AI Title inspiration',
    filterLabel: 'Title',
    description: 'Click-worthy title options for a video you have in mind.',
  },
  script: {
    label: 'Video scripts',
    filterLabel: 'Scripts',
    description: 'A script for a short or long video, built around up to four sub-topics.',
  },
};
/** The Saved List filter's order (spec 002 §2: All, Title, Ideas, Scripts). */
export const AI_FILTER_ORDER: readonly AiToolType[] = ['title', 'ideas', 'script'];

/** Script lengths (spec 002 §2): the stored key and the select's label. */
export const AI_DURATIONS = ['short_duration_video', 'long_duration_video'] as const;
export type AiDuration = (typeof AI_DURATIONS)[number];
export const AI_DURATION_LABELS: Record<AiDuration, string> = {
  short_duration_video: 'Short Duration',
  long_duration_video: 'Long Duration',
};

/** Limits of spec 002 §5 and §9, and the field bounds the server enforces and the forms mirror. */
export const AI_LIMITS = {
  subTopicsMin: 1,
  subTopicsMax: 4,
  /** The Saved List's data column shows this many characters, then '...'. */
  savedTextCut: 70,
  /** A result card longer than this has expand/collapse. */
  expandAbove: 100,
  searchDebounceMs: 500,
  pagerButtons: 5,
  titleMax: 200,
  fieldMax: 100,
  subTopicMax: 200,
  /** A saved item's rich text, in characters of HTML. */
  dataMax: 50_000,
  /** Items one answer may give; the rest of a runaway list is dropped. */
  itemsMax: 20,
} as const;

/** The browser keeps the last generate parameters under this localStorage key (spec 002 §3). */
export const AI_PARAMS_STORAGE_KEY = 'aiDataParams';

/** The Saved List's duration column: 'short_duration_video' → 'short duration video' (spec 002 §2). */
export const durationText = (duration: string | null | undefined): string => (duration ?? '').replace(/_/g, ' ');

/** Rich text as one line of plain text, for the list's cut and for copying. */
export const plainText = richTextAsLine;

/** The first `max` characters, then '...' when there was more (spec 002 §9: 70 in the Saved List). */
export const cutText = (text: string, max: number = AI_LIMITS.savedTextCut): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

const FENCE = /^```[\w-]*\s*\n?([\s\S]*?)\n?```\s*$/;
const LIST_MARK = /^\s*(?:\d{1,3}[.)]|[-*•])\s+/;

/** Strings found in a JSON answer: an array of strings, or of objects with a text-like field, or {items: [...]}. */
function fromJson(text: string): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const list = Object.values(value).find(Array.isArray);
    value = list ?? null;
  }
  if (!Array.isArray(value)) return null;
  const items = value
    .map((v: unknown) => {
      if (typeof v === 'string') return v;
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const text = [o.title, o.idea, o.text, o.description].filter((x) => typeof x === 'string');
        return text.join(': ');
      }
      return '';
    })
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : null;
}

/**
 * Splits a model's answer into result items, whatever the prompt asked for: a JSON list, a numbered or
 * bulleted list (one item per entry, continuation lines kept), or paragraphs. A script is one item.
 */
export function parseAiItems(answer: string, toolType: AiToolType): string[] {
  let text = answer.replace(/\r\n?/g, '\n').trim();
  const fenced = FENCE.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  if (!text) return [];
  if (toolType === 'script') return [text];
  const json = fromJson(text);
  if (json) return json.slice(0, AI_LIMITS.itemsMax);

  const lines = text.split('\n');
  const items: string[] = [];
  if (lines.some((l) => LIST_MARK.test(l))) {
    let current: string | null = null;
    for (const line of lines) {
      if (LIST_MARK.test(line)) {
        if (current !== null) items.push(current);
        current = line.replace(LIST_MARK, '').trim();
      } else if (current !== null && line.trim()) {
        current = `${current}\n${line.trim()}`;
      }
      // Lines before the first entry are the model's preamble ("Here are some ideas:"), dropped.
    }
    if (current !== null) items.push(current);
  } else {
    items.push(...text.split(/\n\s*\n/));
  }
  return items
    .map((i) => i.replace(/^\*\*(.+)\*\*$/s, '$1').trim())
    .filter(Boolean)
    .slice(0, AI_LIMITS.itemsMax);
}

/** Stream events of GET /api/ai/toolbox-response (text/event-stream), as the browser reads them. */
export const AI_STREAM_EVENTS = { delta: 'delta', done: 'done', error: 'error' } as const;

/** Why a started generation ended without results: the stream's `error` event carries the code and its text. */
export const AI_FAILURES = {
  AI_TIMEOUT: MSG.aiTimeout,
  AI_RATE_LIMITED: MSG.aiRateLimited,
  AI_REFUSED: MSG.aiRefused,
  AI_UNAVAILABLE: MSG.aiUnavailable,
  AI_GARBAGE: MSG.aiGarbage,
  AI_EMPTY: MSG.aiEmpty,
} as const;
export type AiFailure = keyof typeof AI_FAILURES;
