import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { AnnotationLayer, type Geometry } from './annotation-layer';
import { DrawBar } from './draw-bar';
import type { ShapeKind } from '../../lib/review-context';

/** The layer 200 × 100 px at the page's corner, so a pointer at (x, y) is at (x / 200, y / 100) of the frame. */
function drawWith(shape: ShapeKind) {
  const onDraw = vi.fn<(g: Geometry) => void>();
  render(
    <AppProviders env="test">
      <DrawBar drawing={shape} onChange={() => {}} />
      <AnnotationLayer drawing={shape} shown={[]} pending={null} onDraw={onDraw} />
    </AppProviders>,
  );
  const layer = screen.getByTestId('annotation-layer');
  layer.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100 }) as DOMRect;
  layer.setPointerCapture = () => {};
  const stroke = (points: [number, number][]) => {
    const [first, ...rest] = points;
    fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: first![0], clientY: first![1] });
    for (const [x, y] of rest.slice(0, -1)) fireEvent.pointerMove(layer, { pointerId: 1, clientX: x, clientY: y });
    const [x, y] = rest.at(-1)!;
    fireEvent.pointerUp(layer, { pointerId: 1, clientX: x, clientY: y });
  };
  return { onDraw, stroke };
}

describe('drawing arrows and lines (issue 35)', () => {
  it('draws an arrow from where the press starts to where it ends, in the colour picked', async () => {
    const { onDraw, stroke } = drawWith('arrow');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    // The pick reaches the layer through the stored preference: draw once the bar shows it taken.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Red' }).getAttribute('aria-checked')).toBe('true'));
    stroke([
      [20, 10],
      [60, 40],
      [120, 80],
    ]);
    expect(onDraw).toHaveBeenCalledWith({
      shape: 'arrow',
      x: 0.1,
      y: 0.1,
      w: 0.5,
      h: 0.7,
      points: [
        [0.1, 0.1],
        [0.6, 0.8],
      ],
      color: 'red',
    });
    window.localStorage.removeItem('drawColor');
  });

  it('draws a pen line through the points the pointer passed, and ignores a slip', () => {
    const { onDraw, stroke } = drawWith('pen');
    stroke([
      [20, 20],
      [20.2, 20.1],
      [40, 30],
      [60, 20],
      [80, 50],
    ]);
    const line = onDraw.mock.calls[0]![0];
    expect(line).toMatchObject({ shape: 'pen', color: 'yellow', x: 0.1, y: 0.2, w: 0.3, h: 0.3 });
    // The wobble 0.2 px from the start is not a point of its own.
    expect(line.points).toEqual([
      [0.1, 0.2],
      [0.2, 0.3],
      [0.3, 0.2],
      [0.4, 0.5],
    ]);
    onDraw.mockClear();
    stroke([
      [20, 20],
      [20.5, 20.4],
    ]);
    expect(onDraw).not.toHaveBeenCalled();
  });

  it('offers every shape and colour in the draw bar', () => {
    drawWith('rect');
    for (const name of ['Rectangle', 'Point', 'Oval', 'Arrow', 'Pen'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Yellow',
      'Red',
      'Green',
      'Blue',
      'White',
    ]);
  });
});
