import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Menu, MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MenuOnDemand } from './menu-on-demand';
import { TooltipOnDemand } from './tooltip-on-demand';

describe('popups mounted on demand', () => {
  it('mounts the menu at the first click, open, and gives the focus back to its button on Escape', async () => {
    const picked = vi.fn();
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <MenuOnDemand target={<Button data-testid="open">Actions</Button>}>
            <Menu.Item onClick={picked}>Archive</Menu.Item>
          </MenuOnDemand>
        </MemoryRouter>
      </MantineProvider>,
    );
    const button = screen.getByTestId('open');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    // The menu's first mount (its chunk's modules, Mantine's transition) can take over a second on a loaded CI.
    const item = await screen.findByRole('menuitem', { name: 'Archive' }, { timeout: 5000 });
    expect(screen.getByTestId('open').getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(item, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('open')));

    fireEvent.click(screen.getByTestId('open'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }, { timeout: 5000 }));
    expect(picked).toHaveBeenCalledTimes(1);
  });

  it("mounts a tooltip after its element has been hovered for the delay, not before, and at once on the keyboard's focus, the element kept", async () => {
    vi.useFakeTimers();
    try {
      render(
        <MantineProvider env="test">
          <TooltipOnDemand label="Due Mon 3 Nov">
            <span data-testid="due">Due</span>
          </TooltipOnDemand>
          <TooltipOnDemand label="Editor: Eddie">
            <button type="button">EC</button>
          </TooltipOnDemand>
        </MantineProvider>,
      );
      fireEvent.pointerEnter(screen.getByTestId('due'));
      act(() => {
        vi.advanceTimersByTime(200);
      });
      fireEvent.pointerLeave(screen.getByTestId('due'));
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(screen.queryByText('Due Mon 3 Nov')).toBeNull();

      fireEvent.pointerEnter(screen.getByTestId('due'));
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(screen.getByText('Due Mon 3 Nov')).toBeTruthy();

      // The hovered element is the same node once its tooltip is up: never drawn again under the pointer.
      const due = screen.getByTestId('due');
      fireEvent.pointerLeave(due);
      fireEvent.pointerEnter(due);
      expect(screen.getByTestId('due')).toBe(due);

      const button = screen.getByRole('button', { name: 'EC' });
      act(() => button.focus());
      expect(screen.getByText('Editor: Eddie')).toBeTruthy();
      expect(document.activeElement).toBe(button);
    } finally {
      vi.useRealTimers();
    }
  });
});
