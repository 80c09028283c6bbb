import { useCallback, useEffect, useMemo, useRef } from 'react';
import { mergeRanges, type PlayedRange } from '@cutroom/domain';

/** How often the played stretches go to the server: a few calls a minute at most. */
const REPORT_EVERY_MS = 20_000;

type Send = (version: number, ranges: PlayedRange[]) => Promise<unknown>;

/** Every mounted report's flush, so a decision sends what was just played before asking how much that was. */
const flushes = new Set<() => Promise<unknown>>();
/** Sends whatever the page's players have played and not yet reported; settles when the server has it. */
export const flushWatchReports = () => Promise.all([...flushes].map((flush) => flush()));

/**
 * Collects what the player played and sends it in batches per version (issue 52): every 20 s, when another
 * version starts playing, and when the page goes. `send` is the card's call or the guest's; with a null
 * version or send nothing is reported. Returns the player's `onPlayed`.
 */
export function useWatchReport(version: number | null, send: Send | null) {
  const waiting = useRef<{ version: number | null; ranges: PlayedRange[] }>({ version: null, ranges: [] });
  const sender = useRef(send);
  useEffect(() => {
    sender.current = send;
  });

  const flush = useCallback(async () => {
    const { version: v, ranges } = waiting.current;
    waiting.current = { version: v, ranges: [] };
    if (v === null || !sender.current || ranges.length === 0) return;
    // What could not be sent is dropped: coverage is a measure, never worth an error in the reviewer's face.
    await sender.current(v, mergeRanges(ranges)).catch(() => {});
  }, []);

  useEffect(() => {
    const send = () => void flush();
    const timer = setInterval(send, REPORT_EVERY_MS);
    window.addEventListener('pagehide', send);
    flushes.add(flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', send);
      flushes.delete(flush);
      send();
    };
  }, [flush]);

  return useMemo(
    () =>
      version === null || !send
        ? undefined
        : (range: PlayedRange) => {
            if (waiting.current.version !== version) {
              void flush();
              waiting.current = { version, ranges: [] };
            }
            waiting.current.ranges.push(range);
          },
    [version, send, flush],
  );
}
