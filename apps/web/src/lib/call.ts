import { pathOf, type CallInput, type ReplyOf, type RouteContract } from '@cutroom/domain/contract';
import { api, type RequestOptions } from './api-client';

type CallOptions = Pick<RequestOptions, 'signal' | 'expectUnauthorized'>;
type Args<R extends RouteContract> =
  object extends CallInput<R> ? [input?: CallInput<R> & CallOptions] : [input: CallInput<R> & CallOptions];

/** Reply checks run while developing, so a reply that drifted from the contract is reported where it arrives. */
const checkReplies = import.meta.env.DEV && import.meta.env.MODE !== 'test';

const entriesOf = (value: unknown): [string, unknown][] =>
  value && typeof value === 'object' ? Object.entries(value) : [];

function queryString(query: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of entriesOf(query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one route of the contract: the path, method and body come from it, and the reply's type is
 * the route's reply schema, so a changed reply breaks the build, not the screen.
 */
export async function call<R extends RouteContract>(route: R, ...[input]: Args<R>): Promise<ReplyOf<R>> {
  const url = pathOf(route.path, Object.fromEntries(entriesOf(input?.params))) + queryString(input?.query);
  const reply = await api<ReplyOf<R>>(url, {
    method: route.method,
    body: input?.form ?? input?.body,
    signal: input?.signal,
    expectUnauthorized: input?.expectUnauthorized,
  });
  if (checkReplies) {
    const parsed = route.reply.safeParse(reply);
    if (!parsed.success)
      console.error(`${route.method} ${route.path}: the reply does not match the contract`, parsed.error);
  }
  return reply;
}
