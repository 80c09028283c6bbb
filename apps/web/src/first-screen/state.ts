import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { readLocal, type LocalKey } from '../lib/storage';

import { FIRST_SCREEN_STATE_ID } from './state-id';

export { FIRST_SCREEN_STATE_ID };

/** What the server hands the client with a first screen: the query cache and the router's loader results. */
export interface FirstScreenState {
  queries: DehydratedState;
  /** Where the event stream stood before the server's calls read (lib/event-cursor.ts). */
  cursor: string;
  router: HydrationState;
  /** The stored preferences the server's page read, as it read them (the cookie mirror, lib/storage.ts): the browser draws the same page only if its own storage says the same. */
  storageRead: Partial<Record<LocalKey, string | null>>;
  /** Whether the page was drawn for a phone's screen (lib/phone-layout.ts). */
  phone: boolean;
}

/** The state of a page the server rendered, or null for the plain page. */
export function readFirstScreenState(): FirstScreenState | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FirstScreenState;
  } catch {
    return null;
  }
}

/** Whether this browser's stored preferences draw the page as the server did (else it draws its own). */
export const drawsAsServed = (state: FirstScreenState) =>
  Object.entries(state.storageRead).every(([key, value]) => readLocal(key as LocalKey) === value);
