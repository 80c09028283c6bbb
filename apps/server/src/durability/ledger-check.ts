import { call, type Api, type Ledger } from './write-load.js';

interface CardReply {
  card_id: number;
  client_id: number;
  card_title: string;
  dropbox_link: string;
  additional_info: string | null;
}
interface NotesReply {
  comments: { comments: { note_id: number; note: string }[] };
}

/** Runs `fn` over the items with at most `width` calls at once. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Every note of one chat of a card, page by page. */
async function allNotes(api: Api, cardId: number, chat: 'customer' | 'team') {
  const found = new Map<number, string>();
  for (let offset = 0; ; offset += 200) {
    const page = await call<NotesReply>(
      api,
      'GET',
      `/api/card/${cardId}${chat === 'team' ? '/team' : ''}/commentsV2?limit=200&offset=${offset}`,
    );
    for (const n of page.comments.comments) found.set(n.note_id, n.note);
    if (page.comments.comments.length < 200) return found;
  }
}

/**
 * Reads every acknowledged write back through the API and lists what is missing or changed.
 * An empty list means nothing acknowledged was lost.
 */
export async function findLosses(api: Api, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  await eachLimited([...ledger.cards], 6, async ([id, want]) => {
    const res = await fetch(`${api.origin}/api/card/${id}`, { headers: { authorization: `Bearer ${api.token}` } });
    if (res.status !== 200) return void problems.push(`card ${id}: ${res.status}`);
    const got = (await res.json()) as CardReply;
    const same =
      got.client_id === want.clientId &&
      got.card_title === want.title &&
      got.dropbox_link === want.link &&
      got.additional_info === want.info;
    if (!same) problems.push(`card ${id} changed: ${got.card_title} / ${got.dropbox_link}`);
  });

  const chats = new Map<string, { cardId: number; chat: 'customer' | 'team' }>();
  for (const n of ledger.notes.values()) chats.set(`${n.cardId}/${n.chat}`, { cardId: n.cardId, chat: n.chat });
  const stored = new Map<number, string>();
  await eachLimited([...chats.values()], 4, async ({ cardId, chat }) => {
    for (const [id, note] of await allNotes(api, cardId, chat)) stored.set(id, note);
  });
  for (const [id, want] of ledger.notes) {
    const got = stored.get(id);
    if (got === undefined) problems.push(`note ${id} on card ${want.cardId} (${want.chat}) missing`);
    else if (got !== want.note) problems.push(`note ${id} changed: ${got.slice(0, 60)}`);
  }
  return problems;
}
