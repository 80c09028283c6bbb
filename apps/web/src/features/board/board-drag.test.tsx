import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultZIndex } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { Role } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

/** Presses on a tile and moves past dnd-kit's activation distance, then reads each column's drop state. */
async function dropStatesWhileDragging(role: Role) {
  boardServer(role, [makeCard({ card_id: 1, card_status: 'video_request' })]);
  renderApp('/');
  const tile = await screen.findByTestId('card-1');
  fireEvent.mouseDown(tile, { button: 0, clientX: 20, clientY: 20 });
  fireEvent.mouseMove(document, { clientX: 40, clientY: 45 });
  const state = (key: string) => screen.getByTestId(`column-${key}`).getAttribute('data-drop');
  const states = Object.fromEntries(
    ['video_request', 'editing', 'qa', 'done', 'updatedDone'].map((key) => [key, state(key)]),
  );
  fireEvent.mouseUp(document, { clientX: 40, clientY: 45 });
  return states;
}

describe('board drop targets', { timeout: 15_000 }, () => {
  it('lets a customer drop a video request only on Editing (and reorder it in place)', async () => {
    expect(await dropStatesWhileDragging('customer')).toEqual({
      video_request: 'legal',
      editing: 'legal',
      qa: 'illegal',
      done: 'illegal',
      updatedDone: 'illegal',
    });
  });

  it('lets an admin drop a video request on every stage but Completed', async () => {
    expect(await dropStatesWhileDragging('admin')).toEqual({
      video_request: 'legal',
      editing: 'legal',
      qa: 'legal',
      done: 'legal',
      updatedDone: 'illegal',
    });
  });

  it("gives an editor no reordering: the card's own column is just where it came from", async () => {
    const states = await dropStatesWhileDragging('editor');
    expect(states.video_request).toBe('source');
    expect(states.editing).toBe('legal');
    expect(states.qa).toBe('illegal');
  });

  it('clears the highlight when the drag ends without a target', async () => {
    await dropStatesWhileDragging('customer');
    expect(screen.getByTestId('column-editing').getAttribute('data-drop')).toBeNull();
    expect(screen.queryByTestId('move-confirm')).toBeNull();
  });

  // The moving copy was drawn over the move dialog and covered the QA dialog's title (issue 33).
  it("draws the moving copy below Mantine's dialogs", async () => {
    boardServer('admin', [makeCard({ card_id: 1, card_status: 'video_request' })]);
    renderApp('/');
    const tile = await screen.findByTestId('card-1');
    fireEvent.mouseDown(tile, { button: 0, clientX: 20, clientY: 20 });
    fireEvent.mouseMove(document, { clientX: 40, clientY: 45 });
    const copy = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('div')].find(
        (el) => el.style.position === 'fixed' && el.style.zIndex !== '',
      );
      if (!found) throw new Error('no drag overlay yet');
      return found;
    });
    expect(Number(copy.style.zIndex)).toBeLessThan(getDefaultZIndex('modal'));
    fireEvent.mouseUp(document, { clientX: 40, clientY: 45 });
  });
});
