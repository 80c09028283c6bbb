import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_HANDBOOK,
  DEFAULT_HELP,
  handbookContentSchema,
  helpContentSchema,
  type HandbookContent,
  type HelpContent,
} from '@cutroom/domain/schemas';
import { MSG, type HelpPageKey } from '@cutroom/domain';
import type { z } from 'zod';
import { helpPages } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText, toPlainText } from '../../platform/rich-text.js';

const PAGES = {
  help: { schema: helpContentSchema, fallback: DEFAULT_HELP },
  handbook: { schema: handbookContentSchema, fallback: DEFAULT_HANDBOOK },
} satisfies Record<HelpPageKey, { schema: z.ZodType; fallback: unknown }>;

type Content<K extends HelpPageKey> = K extends 'help' ? HelpContent : HandbookContent;

/** A page as stored, or its default; a stored value that no longer parses (an older shape) falls back too. */
async function readPage<K extends HelpPageKey>(ctx: AppContext, key: K) {
  const [row] = await ctx.db.select().from(helpPages).where(eq(helpPages.key, key));
  const parsed = row ? PAGES[key].schema.safeParse(row.content) : undefined;
  return {
    content: (parsed?.success ? parsed.data : PAGES[key].fallback) as Content<K>,
    updated_at: parsed?.success && row ? row.updatedAt.toISOString() : null,
  };
}

async function writePage<K extends HelpPageKey>(ctx: AppContext, user: SessionUser, key: K, content: Content<K>) {
  const [row] = await ctx.db
    .insert(helpPages)
    .values({ key, content, updatedBy: user.id })
    .onConflictDoUpdate({
      target: helpPages.key,
      set: { content, updatedBy: user.id, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: helpPages.updatedAt });
  return { ...content, updated_at: row!.updatedAt.toISOString(), message: MSG.settingsUpdated };
}

export async function getHelp(ctx: AppContext) {
  const page = await readPage(ctx, 'help');
  return { ...page.content, updated_at: page.updated_at };
}

/** Plain text, or a 400 naming the field when nothing but markup was sent. */
function plainRequired(text: string, field: string, message: string) {
  const clean = toPlainText(text);
  if (!clean) throw new AppError('VALIDATION', message, field);
  return clean;
}

/** Every text of the page is plain: markup is dropped before it is stored, as for chat notes. */
export const updateHelp = (ctx: AppContext, user: SessionUser, content: HelpContent) =>
  writePage(ctx, user, 'help', {
    videos: content.videos.map((v, i) => ({
      ...v,
      title: plainRequired(v.title, `videos.${i}.title`, MSG.helpVideoTitleRequired),
      description: toPlainText(v.description),
    })),
    faqs: content.faqs.map((f, i) => ({
      question: plainRequired(f.question, `faqs.${i}.question`, MSG.helpQuestionRequired),
      answer: plainRequired(f.answer, `faqs.${i}.answer`, MSG.helpAnswerRequired),
    })),
  });

export async function getHandbook(ctx: AppContext) {
  const page = await readPage(ctx, 'handbook');
  return { ...page.content, updated_at: page.updated_at };
}

export const updateHandbook = (ctx: AppContext, user: SessionUser, content: HandbookContent) =>
  writePage(ctx, user, 'handbook', { body: sanitizeRichText(content.body) ?? '' });
