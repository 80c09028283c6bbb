import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './navigation-progress';

describe('navigation progress', () => {
  it('shows while the next page loads, and only then', async () => {
    let release = () => {};
    const next = new Promise<void>((resolve) => (release = resolve));
    const router = createMemoryRouter([
      {
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>board</p> },
          { path: '/card', lazy: async () => (await next, { element: <p>card</p> }) },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    const bar = screen.getByTestId('navigation-progress');
    expect(bar.hasAttribute('data-loading')).toBe(false);

    let navigated!: Promise<void>;
    act(() => {
      navigated = router.navigate('/card');
    });
    expect(bar.hasAttribute('data-loading')).toBe(true);
    expect(screen.getByText('board')).toBeTruthy();

    await act(async () => {
      release();
      await navigated;
    });
    expect(screen.getByText('card')).toBeTruthy();
    expect(bar.hasAttribute('data-loading')).toBe(false);
  });
});
