import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { cardServer, makeCardDetail, stubDocumentFonts, viewerFor } from '../../test/card-test-kit';

const editing = { card_status: 'editing' as const, expected_at: '2026-04-14T21:00:00.000Z' };

describe('the card header’s promise (issue 20)', { timeout: 15_000 }, () => {
  beforeAll(stubDocumentFonts);

  it('shows staff the expected first cut and At risk', async () => {
    cardServer(viewerFor('admin'), makeCardDetail({ ...editing, at_risk: true }));
    renderApp('/card-details/7');
    const header = await screen.findByTestId('card-header');
    expect(within(header).getByTestId('expected-by').textContent).toBe('Expected by Tue 14 AprAt risk');
  });

  it('shows the customer the date only', async () => {
    cardServer(viewerFor('customer'), makeCardDetail(editing));
    renderApp('/card-details/7');
    const header = await screen.findByTestId('card-header');
    expect(within(header).getByTestId('expected-by').textContent).toBe('Expected by Tue 14 Apr');
    expect(within(header).queryByTestId('at-risk')).toBeNull();
  });
});
