import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_COLLAPSE_PX, sidebarFor } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { fixedMediaQuery } from '../../test/media-query';
import { renderApp } from '../../test/render-app';

// A narrow window: every width query below the sidebar's breakpoint matches.
const narrow = (query: string) =>
  fixedMediaQuery(query, Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1]) < SIDEBAR_COLLAPSE_PX);

describe('the sidebar as a drawer', () => {
  beforeAll(() => vi.stubGlobal('matchMedia', narrow));
  afterAll(() => vi.unstubAllGlobals());

  it('draws its links when it first opens, and keeps them once closed', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'editor' }) } });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).queryAllByRole('link')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Open navigation'));
    const labels = within(sidebar)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(expect.arrayContaining(sidebarFor('editor').map((item) => item.label)));

    fireEvent.click(screen.getByLabelText('Close navigation'));
    expect(within(sidebar).getAllByRole('link').length).toBe(labels.length);
  });
});
