import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { SafeZoneMenu, SafeZoneOverlay } from './safe-zones';

const wrap = (ui: React.ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
const bands = () =>
  screen.getAllByTestId('safe-zone-covered').map((el) => {
    const s = el.style;
    return [s.left, s.top, s.width, s.height];
  });

describe('safe-zone overlays', () => {
  it('dims what TikTok covers on a vertical video and names its caption and buttons', () => {
    wrap(<SafeZoneOverlay zone="tiktok" ratio={9 / 16} />);
    expect(bands()).toEqual([
      ['0.00%', '0.00%', '100.00%', '7.00%'],
      ['0.00%', '75.00%', '100.00%', '25.00%'],
      ['0.00%', '7.00%', '5.50%', '68.00%'],
      ['87.00%', '7.00%', '13.00%', '68.00%'],
    ]);
    expect(screen.getByText('Caption and sound')).toBeTruthy();
    expect(screen.getByText('Buttons')).toBeTruthy();
  });

  it('shows the 3:4 tile the Instagram grid cuts from a square post', () => {
    wrap(<SafeZoneOverlay zone="instagram_grid" ratio={1} />);
    expect(bands()).toEqual([
      ['0.00%', '0.00%', '12.50%', '100.00%'],
      ['87.50%', '0.00%', '12.50%', '100.00%'],
    ]);
  });

  it('offers the overlays it is given, switches one on, and off again', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = wrap(
      <SafeZoneMenu options={['youtube_shorts', 'tiktok']} value={null} onChange={onChange} withinPortal />,
    );
    await user.click(screen.getByRole('button', { name: 'Safe zones' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'YouTube Shorts',
      'TikTok',
      'No overlay',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'TikTok' }));
    expect(onChange).toHaveBeenLastCalledWith('tiktok');
    rerender(
      <AppProviders queryClient={createQueryClient()} env="test">
        <SafeZoneMenu options={['youtube_shorts', 'tiktok']} value="tiktok" onChange={onChange} withinPortal />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Safe zones' }));
    await user.click(await screen.findByRole('menuitem', { name: 'TikTok' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
