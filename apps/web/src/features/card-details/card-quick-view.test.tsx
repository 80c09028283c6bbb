import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ME_KEY } from '../../lib/session';
import { CardQuickView } from './card-quick-view';
import { cardServer, makeCardDetail, stubDocumentFonts, viewerFor } from '../../test/card-test-kit';

describe('card quick view', { timeout: 15_000 }, () => {
  beforeAll(stubDocumentFonts);

  it("shows the card page's content in a modal, with Back closing it and a way to the full page", async () => {
    const viewer = viewerFor('team-lead');
    const server = cardServer(viewer, makeCardDetail());
    const onClose = vi.fn();
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_KEY, viewer);
    const router = createMemoryRouter([{ path: '/', element: <CardQuickView cardId={7} opened onClose={onClose} /> }]);
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect((await screen.findByTestId('card-title')).textContent).toBe('Gear review: budget microphones');
    await screen.findByTestId('details-tab');
    expect(screen.getByRole('link', { name: 'Open page' }).getAttribute('href')).toBe('/card-details/7');
    await waitFor(() => expect(server.callsTo('GET', '/api/add-card-event/7')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close quick view' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
