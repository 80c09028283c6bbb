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

  it('names the columns above the strip while some are hidden, marks those in view and scrolls to one picked', () => {
    const overview = ['one', 'two', 'three', 'four'].map((key, i) => ({ key, title: `Column ${key}`, count: i }));
    render(
      <AppProviders env="test">
        <BoardStrip testId="strip" dragging={false} overview={overview}>
          {overview.map((column) => (
            <section key={column.key} data-column={column.key} />
          ))}
        </BoardStrip>
      </AppProviders>,
    );
    const strip = screen.getByTestId('strip');
    // Columns 240 px wide, 12 px apart, starting at the strip's edge.
    strip.querySelectorAll<HTMLElement>('[data-column]').forEach((column, i) => {
      Object.defineProperty(column, 'offsetLeft', { configurable: true, value: i * 252 });
      Object.defineProperty(column, 'offsetWidth', { configurable: true, value: 240 });
    });
    const scrollTo = vi.fn();
    strip.scrollTo = scrollTo as typeof strip.scrollTo;

    layOut(strip, { scrollWidth: 1000, clientWidth: 1000, scrollLeft: 0 });
    expect(screen.queryByRole('navigation', { name: 'Board overview' })).toBeNull();

    layOut(strip, { scrollWidth: 1000, clientWidth: 600, scrollLeft: 0 });
    const names = screen.getByRole('navigation', { name: 'Board overview' });
    const current = () =>
      [...names.querySelectorAll('button')]
        .filter((b) => b.getAttribute('aria-current') === 'true')
        .map((b) => b.textContent);
    // Column three shows 96 of its 240 px: not counted as in view.
    expect(current()).toEqual(['Column one0', 'Column two1']);

    // The row of names follows: on a narrow screen it scrolls to the first column in view.
    const nav = names;
    Object.defineProperty(nav, 'clientWidth', { configurable: true, value: 150 });
    nav.querySelectorAll('button').forEach((button, i) => {
      Object.defineProperty(button, 'offsetLeft', { configurable: true, value: i * 100 });
      Object.defineProperty(button, 'offsetWidth', { configurable: true, value: 90 });
    });
    const follow = vi.fn();
    nav.scrollTo = follow as typeof nav.scrollTo;

    fireEvent.click(screen.getByRole('button', { name: 'Column four: 3' }));
    expect(scrollTo).toHaveBeenCalledWith({ left: 756, behavior: 'smooth' });
    layOut(strip, { scrollWidth: 1000, clientWidth: 600, scrollLeft: 400 });
    expect(current()).toEqual(['Column three2', 'Column four3']);
    expect(follow).toHaveBeenLastCalledWith({ left: 200 });
  });
});
