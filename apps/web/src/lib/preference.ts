import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal, type PREFERENCE_KEYS } from './storage';

type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
const listeners = new Map<PreferenceKey, Set<() => void>>();

/**
 * A reviewer's choice among `allowed`, kept in this browser and shared live by every component that reads
 * it; anything else stored there (an old or edited value) reads as `fallback`.
 */
export function usePreference<T extends string>(
  key: PreferenceKey,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set.add(listener));
      return () => set.delete(listener);
    },
    () => allowed.find((v) => v === readLocal(key)) ?? fallback,
    () => fallback,
  );
  const change = (next: T) => {
    writeLocal(key, next);
    listeners.get(key)?.forEach((l) => l());
  };
  return [value, change];
}
