import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

describe('a tile with a processed delivery (issue 34)', { timeout: 30_000 }, () => {
  it('shows the delivery’s poster above the title, and a card without one shows none', async () => {
    const delivered = makeCard({ card_id: 1, card_status: 'done', poster_url: '/api/media/assets/3/poster.jpg' });
    const requested = makeCard({ card_id: 2, card_status: 'done', card_title: 'Not delivered yet' });
    boardServer('customer', [delivered, requested], {
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 7 }) },
    });
    renderApp('/');
    const tile = await screen.findByTestId('card-1');
    const poster = tile.querySelector('img');
    expect(poster?.getAttribute('src')).toBe('/api/media/assets/3/poster.jpg');
    expect(poster?.getAttribute('loading')).toBe('lazy');
    // Decorative: the title names the card for a screen reader.
    expect(poster?.getAttribute('alt')).toBe('');
    expect(tile.firstElementChild).toBe(poster);
    expect((await screen.findByTestId('card-2')).querySelector('img')).toBeNull();
  });
});
