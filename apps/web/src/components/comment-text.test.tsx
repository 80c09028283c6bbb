import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { NO_REVIEW, ReviewControlsContext } from '../lib/review-context';
import { CommentText } from './comment-text';
import { plainQuote, tokenizeComment } from '../lib/comment-tokens';

const renderNote = (note: string, onJump?: (s: number) => void) =>
  render(
    <MantineProvider env="test">
      <CommentText note={note} onJump={onJump} />
    </MantineProvider>,
  );

describe('comment rendering (spec 001 §5)', () => {
  it('turns URLs into links that open in a new tab without handing over the page', () => {
    renderNote('See https://example.com/brief?v=2. And http://cdn.example.com/a.png');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/brief?v=2',
      'http://cdn.example.com/a.png',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    // The full stop after the first link stays text.
    expect(screen.getByTestId('comment-text').textContent).toBe(
      'See https://example.com/brief?v=2. And http://cdn.example.com/a.png',
    );
  });

  it('turns @VT{seconds} into a m:ss button that jumps the player', async () => {
    const onJump = vi.fn();
    renderNote('@VT{83} the cut here is too early, and again at @VT{3725.5}', onJump);
    const jumps = screen.getAllByTestId('timecode');
    expect(jumps.map((j) => j.textContent)).toEqual(['1:23', '1:02:05']);
    await userEvent.click(screen.getByRole('button', { name: 'Jump to 1:23' }));
    expect(onJump).toHaveBeenCalledWith(83);
    await userEvent.click(jumps[1]!);
    expect(onJump).toHaveBeenLastCalledWith(3725.5);
  });

  it("reads a note's own moment and range in the reviewer's timecode, at the video's rate (issue 35)", () => {
    window.localStorage.setItem('timecodeMode', 'smpte');
    render(
      <MantineProvider env="test">
        <ReviewControlsContext.Provider value={{ ...NO_REVIEW, frameRate: '25/1' }}>
          <CommentText note="@VT{3} too long, see @VT{9}" onJump={() => {}} moment={{ timeIn: 3.33, timeOut: 4.5 }} />
        </ReviewControlsContext.Provider>
      </MantineProvider>,
    );
    // Frame 83 at 25 fps is 3 s and 8 frames; another tag in the text keeps the plain clock.
    expect(screen.getAllByTestId('timecode').map((t) => t.textContent)).toEqual(['00:00:03:08 – 00:00:04:12', '0:09']);
    window.localStorage.removeItem('timecodeMode');
  });

  it('shows timecodes as plain text where there is no player to jump', () => {
    renderNote('@VT{5} hello');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('timecode').textContent).toBe('0:05');
  });

  it('highlights role mentions and marks quoted customer comments', () => {
    renderNote('@YT_CUS_CMNT{} @Editor please check, cc @Qa and @YTTeamLead; not @Someone or @Admins');
    expect(screen.getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@Editor', '@Qa', '@YTTeamLead']);
    expect(screen.getByTestId('yt-customer-comment').textContent).toBe('Customer comment');
  });

  it('never turns note text into markup', () => {
    const attack =
      '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> <a href="javascript:alert(1)">x</a> javascript:alert(1)';
    const { container } = renderNote(attack);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(screen.getByTestId('comment-text').textContent).toBe(attack);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('keeps line breaks and splits text around every kind of token', () => {
    expect(tokenizeComment('a\n@Admin https://x.io/p) @VT{2}!')).toEqual([
      { type: 'text', text: 'a\n' },
      { type: 'mention', text: '@Admin' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.io/p', text: 'https://x.io/p' },
      { type: 'text', text: ') ' },
      { type: 'time', seconds: 2, text: '@VT{2}' },
      { type: 'text', text: '!' },
    ]);
  });

  it('quotes a note as plain words, timecodes as m:ss', () => {
    expect(plainQuote('@YT_CUS_CMNT{} @VT{83} Cut\n here @Editor')).toBe('1:23 Cut here @Editor');
  });
});
