import { describe, expect, it } from 'vitest';
import { formatClock, plainTextOf, playerClock, serverPlainText } from './format';

describe('times and addresses', () => {
  it('formats timecodes as m:ss or h:mm:ss', () => {
    expect([formatClock(0), formatClock(9.9), formatClock(83), formatClock(3725)]).toEqual([
      '0:00',
      '0:09',
      '1:23',
      '1:02:05',
    ]);
  });

  it("rounds the player's length and reads the length at the end, not a second short (issue 18)", () => {
    expect(playerClock(0, 7.97)).toBe('0:00 / 0:08');
    expect(playerClock(7.5, 7.97)).toBe('0:07 / 0:08');
    expect(playerClock(7.97, 7.97)).toBe('0:08 / 0:08');
    expect(playerClock(3.2, 3.4)).toBe('0:03 / 0:03');
    expect(playerClock(0, 0)).toBe('0:00 / 0:00');
    expect(playerClock(0, Number.NaN)).toBe('0:00 / 0:00');
    expect(playerClock(3724.6, 3725.4)).toBe('1:02:04 / 1:02:05');
  });

  it("reads rich text's words the same without a DOM (the server's drawing of a card) as with one", () => {
    const samples = [
      '<p>Cut the <strong>intro</strong> &amp; keep the <em>outro</em>.</p><p>Second&nbsp;line</p>',
      '<ul><li>one</li><li>two &lt;3</li></ul><p><a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a></p>',
      '<p>Quotes &quot;here&quot; and &#39;there&#39;, emoji &#x1F3AC; &#127909;</p><br><p>  spaced   out  </p>',
      'plain text with a stray &unknown; entity',
    ];
    for (const html of samples) expect(serverPlainText(html)).toBe(plainTextOf(html));
  });
});
