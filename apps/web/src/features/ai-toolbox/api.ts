import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_FAILURES, AI_STREAM_EVENTS, MSG, TAB_HEADER, type AiToolType, CLOCK_TIME_ZONE } from '@cutroom/domain';
import { API, type CallInput } from '@cutroom/domain/contract';
import { ApiError, failureMessage } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';
import { TAB_ID } from '../../lib/tab-id';

export type SavedQuery = NonNullable<CallInput<typeof API.aiToolbox.saved>['query']>;
export type SaveBody = CallInput<typeof API.aiToolbox.save>['body'];

const KEYS = {
  status: ['ai', 'status'] as const,
  saved: ['ai', 'saved'] as const,
};

export const useAiStatus = () =>
  useQuery({ queryKey: KEYS.status, queryFn: ({ signal }) => call(API.aiToolbox.status, { signal }) });

export const useSavedItems = (query: SavedQuery) =>
  useQuery({
    queryKey: [...KEYS.saved, query],
    queryFn: ({ signal }) => call(API.aiToolbox.saved, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBody) => call(API.aiToolbox.save, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: KEYS.saved });
    },
    onError: (error) => notify.error(failureMessage(error, MSG.aiSaveFailed)),
  });
}

export function useUpdateItem(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: string }) =>
      call(API.aiToolbox.update, { params: { id }, body: { id, data } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      onDone();
      void queryClient.invalidateQueries({ queryKey: KEYS.saved });
    },
    onError: (error) => notify.error(failureMessage(error, MSG.aiUpdateFailed)),
  });
}

export function useDeleteItem(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.aiToolbox.remove, { params: { id } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      onDone();
      void queryClient.invalidateQueries({ queryKey: KEYS.saved });
    },
    onError: (error) => notify.error(failureMessage(error, MSG.aiDeleteFailed)),
  });
}

export interface GenerateParams {
  title: string;
  toolType: AiToolType;
  category?: string;
  audience_type?: string;
  duration?: string;
  sub_topics?: string[];
}

/** The generate call's address: sub-topics repeat their parameter (non-empty, trimmed: spec 002 §3). */
export function generateUrl(p: GenerateParams): string {
  const search = new URLSearchParams({ title: p.title.trim(), toolType: p.toolType });
  if (p.category?.trim()) search.set('category', p.category.trim());
  if (p.audience_type?.trim()) search.set('audience_type', p.audience_type.trim());
  if (p.toolType === 'script') {
    if (p.duration) search.set('duration', p.duration);
    for (const s of p.sub_topics ?? []) if (s.trim()) search.append('sub_topics', s.trim());
  }
  return `${API.aiToolbox.generate.path}?${search.toString()}`;
}

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Splits finished `event:`/`data:` blocks off the buffer; gives the events and what is left. */
function takeEvents(buffer: string): [StreamEvent[], string] {
  const events: StreamEvent[] = [];
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!data) continue;
    try {
      events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    } catch {
      // A broken block is skipped; the stream's end decides the outcome.
    }
  }
  return [events, rest];
}

export interface GenerateResult {
  items: string[];
  remaining: number | null;
}

/**
 * Runs one generation, calling `onText` with the text so far as it streams in; resolves with the
 * parsed items, or throws ApiError with the server's message (refusals before the stream and after).
 */
export async function generate(
  params: GenerateParams,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  let response: Response;
  try {
    response = await fetch(generateUrl(params), {
      headers: {
        Accept: 'text/event-stream',
        'X-Requested-With': 'cutroom-web',
        'user-time-zone': CLOCK_TIME_ZONE,
        [TAB_HEADER]: TAB_ID,
      },
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', MSG.aiUnavailable);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error_message?: string; code?: string } | null;
    throw new ApiError(
      response.status,
      body?.code ?? `HTTP_${response.status}`,
      body?.error_message ?? MSG.dashboardLoadFailed,
    );
  }

  let text = '';
  let outcome: GenerateResult | ApiError | null = null;
  const handle = (events: StreamEvent[]) => {
    for (const { event, data } of events) {
      if (event === AI_STREAM_EVENTS.delta && typeof data.text === 'string') {
        text += data.text;
        onText(text);
      } else if (event === AI_STREAM_EVENTS.done) {
        outcome = {
          items: Array.isArray(data.items) ? data.items.filter((i): i is string => typeof i === 'string') : [],
          remaining: typeof data.remaining === 'number' ? data.remaining : null,
        };
      } else if (event === AI_STREAM_EVENTS.error) {
        const code = typeof data.code === 'string' ? data.code : 'AI_UNAVAILABLE';
        const message = typeof data.error_message === 'string' ? data.error_message : AI_FAILURES.AI_UNAVAILABLE;
        outcome = new ApiError(200, code, message);
      }
    }
  };

  let buffer = '';
  const reader = response.body?.getReader();
  if (reader) {
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      const [events, rest] = takeEvents(buffer);
      buffer = rest;
      handle(events);
    }
  } else {
    handle(takeEvents((await response.text()).replace(/\r\n/g, '\n'))[0]);
  }
  handle(takeEvents(`${buffer}\n\n`)[0]);

  const final = outcome as GenerateResult | ApiError | null;
  if (final instanceof ApiError) throw final;
  if (!final) throw new ApiError(0, 'AI_UNAVAILABLE', MSG.aiUnavailable);
  return final;
}
