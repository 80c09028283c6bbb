import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { BoardStrip } from './board-strip';

/** jsdom lays nothing out: the strip's sizes and scroll position are set by hand. */
function layOut(el: HTMLElement, { scrollWidth, clientWidth, scrollLeft }: Record<string, number>) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  el.scrollLeft = scrollLeft!;
  fireEvent.scroll(el);
}

describe('board strip', () => {
  it('says which side hides columns, pages there with its arrows, and takes focus for the arrow keys', () => {
    render(
      <AppProviders env="test">
        <BoardStrip testId="strip" dragging={false}>
          <div>columns</div>
        </BoardStrip>
      </AppProviders>,
    );
    const strip = screen.getByTestId('strip');
    expect(strip.tabIndex).toBe(0);
    expect(strip.getAttribute('aria-label')).toContain('arrow keys');
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy;

    layOut(strip, { scrollWidth: 2400, clientWidth: 1000, scrollLeft: 0 });
    expect(screen.queryByRole('button', { name: 'Show the columns to the left' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the columns to the right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 720, behavior: 'smooth' });
    expect(strip.parentElement!.getAttribute('data-hidden-right')).toBe('true');

    layOut(strip, { scrollWidth: 2400, clientWidth: 1000, scrollLeft: 1400 });
    expect(screen.queryByRole('button', { name: 'Show the columns to the right' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the columns to the left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -720, behavior: 'smooth' });

    layOut(strip, { scrollWidth: 1000, clientWidth: 1000, scrollLeft: 0 });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
