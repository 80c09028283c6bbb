import OpenAI from 'openai';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AI_FAILURES, AI_STREAM_EVENTS, AI_LIMITS, parseAiItems, type AiFailure } from '@cutroom/domain';
import type { AiGenerateQuery } from '@cutroom/domain/schemas';
import type { Config } from '../../config.js';
import { openEventStream } from '../../platform/event-stream.js';
import type { Db } from '../../db/client.js';
import { promptFor } from './ai-prompt.js';
import { refundGeneration } from './ai-usage.js';

type AiConfig = NonNullable<Config['ai']>;

/** A runaway answer is cut here (the saved text's bound, less room for markup). */
const ANSWER_MAX = AI_LIMITS.dataMax - 10_000;
const HEARTBEAT_MS = 15_000;

export function createAiClient(ai: AiConfig): OpenAI {
  return new OpenAI({
    baseURL: ai.baseUrl,
    // Some self-hosted endpoints take no key; the client still wants one.
    apiKey: ai.apiKey ?? 'none',
    timeout: ai.timeoutMs,
    maxRetries: 0,
    // The client would print unreadable stream data to the console; failures are classified below instead.
    logLevel: 'off',
  });
}

class Failed extends Error {
  constructor(
    readonly code: AiFailure,
    readonly refund: boolean,
  ) {
    super(code);
  }
}

/**
 * What a provider error means to the user, and whether the generation is given back: the provider's
 * own text is never passed on (it may echo request details).
 */
function classify(err: unknown, log: FastifyBaseLogger): Failed {
  if (err instanceof Failed) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new Failed('AI_TIMEOUT', true);
  if (err instanceof OpenAI.APIError && err.status === 429) return new Failed('AI_RATE_LIMITED', true);
  if (err instanceof OpenAI.APIError && err.status === 400 && /content.?filter|safety|policy/i.test(String(err.code)))
    return new Failed('AI_REFUSED', false);
  if (err instanceof SyntaxError) return new Failed('AI_GARBAGE', true);
  if (err instanceof OpenAI.APIError) {
    log.warn({ provider_status: err.status, provider_code: err.code ?? null }, 'AI provider refused the call');
    return new Failed('AI_UNAVAILABLE', true);
  }
  log.warn({ error_name: err instanceof Error ? err.name : typeof err }, 'AI provider unreachable');
  return new Failed('AI_UNAVAILABLE', true);
}

interface Generation {
  client: OpenAI;
  ai: AiConfig;
  db: Db;
  userId: number;
  day: string;
  used: number;
  query: AiGenerateQuery;
  reply: FastifyReply;
  log: FastifyBaseLogger;
  /** Aborts when the app shuts down. */
  shutdown: AbortSignal;
}

/**
 * Streams one generation to the browser as Server-Sent Events: `delta` pieces as the model writes, then
 * `done` with the parsed items, or `error` with a clear message. The upstream call stops when the browser
 * leaves, the time-out passes or the app shuts down.
 */
export async function streamGeneration(g: Generation): Promise<void> {
  const { reply, ai } = g;
  const res = openEventStream(reply);
  const send = (event: string, data: object) => {
    if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  res.write(': generating\n\n');

  const controller = new AbortController();
  let stopped: 'timeout' | 'gone' | null = null;
  const stop = (why: 'timeout' | 'gone') => {
    stopped ??= why;
    controller.abort();
  };
  const timer = setTimeout(() => stop('timeout'), ai.timeoutMs);
  // A model that thinks before writing leaves the line idle; proxies drop idle streams.
  const heartbeat = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  const onShutdown = () => stop('gone');
  g.shutdown.addEventListener('abort', onShutdown);
  res.on('close', () => {
    if (!res.writableFinished) stop('gone');
  });

  let used = g.used;
  try {
    const stream = await g.client.chat.completions.create(
      { model: ai.model, messages: promptFor(g.query), stream: true },
      { signal: controller.signal },
    );
    let text = '';
    let chunks = 0;
    let refused = false;
    for await (const chunk of stream) {
      chunks++;
      const choice = (chunk as Partial<typeof chunk>).choices?.[0];
      const piece = choice?.delta?.content;
      if (typeof piece === 'string' && piece) {
        text += piece;
        send(AI_STREAM_EVENTS.delta, { text: piece });
      }
      if (choice?.delta?.refusal || choice?.finish_reason === 'content_filter') refused = true;
      if (text.length > ANSWER_MAX) break;
    }
    // The client ends the loop quietly when its request is aborted.
    if (stopped === 'timeout') throw new Failed('AI_TIMEOUT', true);
    if (stopped === 'gone') return;
    if (refused) throw new Failed('AI_REFUSED', false);
    if (chunks === 0) throw new Failed('AI_GARBAGE', true);
    const items = parseAiItems(text, g.query.toolType);
    if (items.length === 0) throw new Failed('AI_EMPTY', false);
    send(AI_STREAM_EVENTS.done, { items, remaining: Math.max(0, ai.dailyLimit - used) });
  } catch (err) {
    if (stopped === 'gone') return;
    const failure = stopped === 'timeout' ? new Failed('AI_TIMEOUT', true) : classify(err, g.log);
    if (failure.refund) {
      await refundGeneration(g.db, g.userId, g.day).then(
        () => (used -= 1),
        (e: unknown) => g.log.warn({ err: e }, 'AI generation refund failed'),
      );
    }
    send(AI_STREAM_EVENTS.error, {
      error_message: AI_FAILURES[failure.code],
      code: failure.code,
      remaining: Math.max(0, ai.dailyLimit - used),
    });
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
    g.shutdown.removeEventListener('abort', onShutdown);
    if (!res.writableEnded) res.end();
  }
}
