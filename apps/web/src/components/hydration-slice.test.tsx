import { act, useLayoutEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSlices, endHydrationTurns, startHydrationTurns } from '../lib/hydration-turns';
import { HydrationSlice } from './hydration-slice';

interface PartProps {
  name: string;
  log: string[];
  onPress?: () => void;
  label?: string;
  onCommit?: () => void;
}

/** Each part notes its commit; a microtask after it marks where that commit's task ended. */
function Part({ name, log, onPress, label, onCommit }: PartProps) {
  useLayoutEffect(() => {
    log.push(name);
    queueMicrotask(() => log.push('|'));
    onCommit?.();
  }, [name, log, onCommit]);
  return (
    <button type="button" id={name} onClick={onPress}>
      {label ?? name}
    </button>
  );
}

interface PageOptions {
  onPress?: () => void;
  chatLabel?: string;
  onHeader?: () => void;
}

const page = (log: string[], { onPress, chatLabel, onHeader }: PageOptions = {}) => (
  <main>
    <HydrationSlice>
      <Part name="header" log={log} onCommit={onHeader} />
    </HydrationSlice>
    <HydrationSlice>
      <Part name="player" log={log} />
    </HydrationSlice>
    <HydrationSlice>
      <Part name="chat" log={log} onPress={onPress} label={chatLabel} />
    </HydrationSlice>
  </main>
);

const PARTS = ['header', 'player', 'chat'];
let root: Root | undefined;
let container: HTMLElement | undefined;

/** The server's markup of the page in the document, and the elements it is made of. */
function drawnByServer() {
  container = document.createElement('div');
  container.innerHTML = renderToString(page([]));
  document.body.append(container);
  return PARTS.map((name) => container!.querySelector(`#${name}`));
}

afterEach(() => {
  endHydrationTurns();
  root?.unmount();
  container?.remove();
  root = undefined;
});

describe('a page the server drew, hydrated in turns', () => {
  it('hydrates one slice per task, top to bottom, keeping the elements the server drew', async () => {
    const drawn = drawnByServer();
    const log: string[] = [];
    const differed = vi.fn();
    startHydrationTurns();
    root = hydrateRoot(container!, page(log), { onRecoverableError: differed });
    await vi.waitFor(() => expect(log.filter((entry) => entry !== '|')).toEqual(PARTS));
    // Never two parts in one commit: a task's end comes between each.
    expect(log.join(' ')).toBe('header | player | chat |');
    expect(PARTS.map((name) => container!.querySelector(`#${name}`))).toEqual(drawn);
    expect(differed).not.toHaveBeenCalled();
  });

  it("answers a tap on a slice whose turn has not come: the tap's part hydrates at once and gets the click, the rest keep their turns", async () => {
    drawnByServer();
    const log: string[] = [];
    const pressed = vi.fn();
    startHydrationTurns();
    root = hydrateRoot(container!, page(log, { onPress: pressed }));
    // Before any turn: the whole page is still the server's markup.
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(log).not.toContain('chat');
    const chat = container!.querySelector<HTMLButtonElement>('#chat')!;
    chat.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    chat.click();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(log).toEqual(['chat']);
    // The others keep their turns, one per task.
    await vi.waitFor(() => expect(log.filter((entry) => entry !== '|')).toEqual(['chat', 'header', 'player']));
    expect(log.join(' ')).toBe('chat | header | player |');
  });

  it('hydrates a slice drawn again from above before its turn, instead of drawing it anew', async () => {
    const drawn = drawnByServer();
    const log: string[] = [];
    const differed = vi.fn();
    startHydrationTurns();
    // New props from above as the header commits: between the header's turn and the chat's.
    let chatWaited = false;
    const relabel = () => {
      chatWaited = !log.includes('chat');
      root!.render(page(log, { chatLabel: '3 new comments' }));
    };
    root = hydrateRoot(container!, page(log, { onHeader: relabel }), { onRecoverableError: differed });
    await vi.waitFor(() => expect(container!.querySelector('#chat')!.textContent).toBe('3 new comments'));
    expect(chatWaited).toBe(true);
    expect(PARTS.map((name) => container!.querySelector(`#${name}`))).toEqual(drawn);
    expect(differed).not.toHaveBeenCalled();
  });

  it('holds work asked for while slices wait (a live event) until every slice has hydrated, in the order it came', async () => {
    drawnByServer();
    const log: string[] = [];
    startHydrationTurns();
    const ask = () => {
      afterSlices(() => log.push('first held'));
      afterSlices(() => log.push('second held'));
    };
    root = hydrateRoot(container!, page(log, { onHeader: ask }));
    await vi.waitFor(() => expect(log).toContain('second held'));
    expect(log.filter((entry) => entry !== '|')).toEqual([...PARTS, 'first held', 'second held']);
    // Once the page is the app's, nothing waits.
    afterSlices(() => log.push('at once'));
    expect(log.at(-1)).toBe('at once');
  });

  it('draws a slice the client renders itself at once, turns or not', () => {
    const log: string[] = [];
    startHydrationTurns();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    scope.IS_REACT_ACT_ENVIRONMENT = true;
    try {
      act(() => root!.render(page(log)));
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = false;
    }
    expect(log.filter((entry) => entry !== '|')).toEqual(PARTS);
    // Nothing waits on slices the client drew: held work runs at once.
    afterSlices(() => log.push('not held'));
    expect(log.at(-1)).toBe('not held');
  });
});
