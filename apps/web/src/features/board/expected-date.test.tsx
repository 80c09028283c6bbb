import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

const expected = '2026-04-14T21:00:00.000Z';

describe('expected first cuts on tiles (issue 20)', { timeout: 30_000 }, () => {
  it('shows the customer when to expect the first cut, without any risk flag', async () => {
    boardServer('customer', [makeCard({ expected_at: expected })]);
    renderApp('/');
    const tile = await screen.findByTestId('card-1');
    expect(within(tile).getByTestId('expected-by').textContent).toBe('Expected by Tue 14 Apr');
    expect(within(tile).queryByText('At risk')).toBeNull();
  });

  it('flags a card at risk for staff, and shows nothing once no date is expected', async () => {
    boardServer('admin', [
      makeCard({ card_id: 1, card_status: 'editing', expected_at: expected, at_risk: true, client_id: 50 }),
      makeCard({ card_id: 2, card_title: 'Delivered', card_status: 'done', expected_at: null, client_id: 50 }),
    ]);
    renderApp('/');
    const risky = await screen.findByTestId('card-1');
    expect(within(risky).getByTestId('at-risk').textContent).toBe('At risk');
    expect(within(await screen.findByTestId('card-2')).queryByTestId('expected-by')).toBeNull();
  });

  // 'Due Nov 28' beside 'Expected by Mon 30 Nov' and 'AT RI…' read as contradictory, and cut off (issue 33).
  it('says what each of the two dates is, and lets At risk wrap rather than cut it', async () => {
    boardServer('admin', [
      makeCard({ card_id: 1, card_status: 'editing', expected_at: expected, at_risk: true, client_id: 50 }),
    ]);
    renderApp('/');
    const tile = await screen.findByTestId('card-1');
    const line = within(tile).getByTestId('expected-by');
    expect(
      within(line)
        .getByText(/Expected by/)
        .getAttribute('title'),
    ).toBe(MSG.expectedByMeaning);
    expect(within(line).getByTestId('at-risk').getAttribute('title')).toBe(MSG.atRiskMeaning);
    expect(line.style.getPropertyValue('--group-wrap')).toBe('wrap');
  });

  // The chat says 'EST' after every time; the tile's due time said '5:00 PM' alone (issue 54).
  it("gives the tile's due time its zone, as the chat does", async () => {
    boardServer('admin', [makeCard({ card_id: 1, card_status: 'editing', due_date: '2099-04-14T21:00:00.000Z' })]);
    renderApp('/');
    const tile = await screen.findByTestId('card-1');
    expect(within(tile).getByText(/^Due /).textContent).toBe('Due Apr 14, 5:00 PM EST');
  });
});
