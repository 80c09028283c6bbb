import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Segmented } from './segmented';

function Views({ onPick }: { onPick: (view: string) => void }) {
  const [view, setView] = useState<'board' | 'list'>('board');
  return (
    <Segmented
      aria-label="Show cards as"
      data-testid="views"
      value={view}
      onChange={(next) => {
        onPick(next);
        setView(next);
      }}
      data={[
        { value: 'board', label: 'Board' },
        { value: 'list', label: 'List' },
      ]}
    />
  );
}

describe('segmented choice', () => {
  it('is a named radio group: the current view is checked, and a click on a label picks it', () => {
    const onPick = vi.fn();
    render(<Views onPick={onPick} />);
    const group = screen.getByRole('radiogroup', { name: 'Show cards as' });
    expect(group.dataset.testid).toBe('views');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Board' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'List' }).checked).toBe(false);

    fireEvent.click(screen.getByText('List'));
    expect(onPick).toHaveBeenCalledWith('list');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'List' }).checked).toBe(true);
    expect(screen.getByText('List').closest('label')!.hasAttribute('data-active')).toBe(true);
    expect(screen.getByText('Board').closest('label')!.hasAttribute('data-active')).toBe(false);
  });
});
