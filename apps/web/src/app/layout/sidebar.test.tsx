import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLES, sidebarFor, type Role } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

async function sidebarLinks(role: Role, path = '/') {
  fakeServer({ 'GET /api/me': { body: makeUser({ client_type: role }) } });
  renderApp(path);
  const sidebar = await screen.findByTestId('sidebar');
  expect(sidebar.tagName).toBe('NAV');
  return within(sidebar)
    .getAllByRole('link')
    .filter((a) => a.textContent !== 'Privacy policy');
}

describe('sidebar', () => {
  it.each(ROLES)('shows the %s menu in order, each link named by its text', async (role) => {
    const links = await sidebarLinks(role);
    expect(links.map((a) => a.textContent)).toEqual(sidebarFor(role).map((item) => item.label));
    for (const item of sidebarFor(role)) {
      expect(screen.getByRole('link', { name: item.label }).getAttribute('href')).toBe(item.path);
    }
  });

  it('gives admins the admin pages and team leads their team names', async () => {
    const admin = (await sidebarLinks('admin')).map((a) => a.textContent);
    expect(admin).toEqual(expect.arrayContaining(['Users', 'Customers', 'Settings', 'Export Cards', 'Rating']));
  });

  it("labels a team lead's lists 'My Team' and 'My Customers'", async () => {
    const lead = (await sidebarLinks('team-lead')).map((a) => a.textContent);
    expect(lead).toEqual(expect.arrayContaining(['My Team', 'My Customers']));
    expect(lead).not.toContain('Users');
    expect(lead).not.toContain('Settings');
  });

  it('keeps staff pages out of the customer menu', async () => {
    const customer = (await sidebarLinks('customer')).map((a) => a.textContent);
    expect(customer).not.toContain('Users');
    // The upload page is theirs too, for their own folder (issue 16).
    expect(customer).toContain('Upload');
    expect(customer).toContain('AI Toolbox');
  });

  it('marks the current page', async () => {
    await sidebarLinks('admin', '/cards/archive');
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Archived' }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
