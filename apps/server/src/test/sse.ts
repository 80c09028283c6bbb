/** One Server-Sent Event as a test reads it: its name and its JSON data. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a finished text/event-stream body (comments and retry lines skipped). */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .map((block) => {
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      return data ? { event, data: JSON.parse(data) as Record<string, unknown> } : null;
    })
    .filter((e): e is SseEvent => e !== null);
}
