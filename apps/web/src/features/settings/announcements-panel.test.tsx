import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { AnnouncementView } from '@cutroom/domain/schemas';
import { makeAnnouncement, makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const rich = makeAnnouncement({
  id: 4,
  banner_heading: '<p>Studio <strong>closed</strong></p>',
  banner_text: '<p>Back <em>Monday</em>.</p><ul><li>Requests wait</li></ul>',
});

function settingsServer(announcements: AnnouncementView[]) {
  return fakeServer({
    'GET /api/me': { body: makeUser() },
    'GET /api/portal/settings/V2': () => ({ body: { announcements: [...announcements] } }),
    [`POST /api/portal/update-settings/V2/${rich.id}`]: (body) => ({
      body: { message: MSG.settingsUpdated, announcement: { ...rich, ...(body as object) } },
    }),
  });
}

const editor = (testId: string) => screen.findByTestId(testId, {}, { timeout: 8_000 });

describe('announcement heading and text as rich text (spec 002 §2, §3)', { timeout: 20_000 }, () => {
  it('edits a stored announcement with its formatting kept, and sends it back as it was', async () => {
    const server = settingsServer([rich]);
    const user = userEvent.setup();
    renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'Edit Studio closed' }));
    const heading = await editor('announcement-heading');
    await waitFor(() => expect(heading.querySelector('strong')?.textContent).toBe('closed'));
    const text = await editor('announcement-text');
    expect(text.querySelector('em')?.textContent).toBe('Monday');
    expect(text.querySelector('li')?.textContent).toBe('Requests wait');

    const preview = screen.getByTestId('announcement-preview');
    expect(within(preview).getByRole('heading', { level: 4 }).querySelector('strong')?.textContent).toBe('closed');
    expect(within(preview).getByText('Requests wait').tagName).toBe('LI');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.settingsUpdated)).toBeTruthy();
    expect(server.callsTo('POST', `/api/portal/update-settings/V2/${rich.id}`)[0]?.body).toMatchObject({
      banner_heading: rich.banner_heading,
      banner_text: rich.banner_text,
    });
  });

  it('previews what is typed in the heading editor, and keeps Save off until both are written', async () => {
    settingsServer([]);
    const user = userEvent.setup();
    renderApp('/settings');

    const heading = await editor('announcement-heading');
    const save = screen.getByTestId<HTMLButtonElement>('announcement-save');
    expect(save.disabled).toBe(true);
    await user.click(heading);
    await user.keyboard('Team <offsite>');
    const preview = screen.getByTestId('announcement-preview');
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 4 }).textContent).toBe('Team <offsite>'));
    expect(within(preview).getByRole('heading', { level: 4 }).querySelector('offsite')).toBeNull();
    expect(save.disabled).toBe(true);
  });

  it('shows only safe markup in the preview, whatever the HTML holds', async () => {
    const hostile = makeAnnouncement({
      id: 4,
      banner_heading: '<p>Hello<img src="x" onerror="window.__pwned = 1"></p>',
      banner_text: '<p><a href="javascript:window.__pwned = 2">click</a> <a href="https://example.com">ok</a></p>',
    });
    settingsServer([hostile]);
    const user = userEvent.setup();
    renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'Edit Hello' }));
    await editor('announcement-heading');
    const preview = screen.getByTestId('announcement-preview');
    expect(preview.querySelector('img, script, [onerror]')).toBeNull();
    expect(within(preview).getByText('click').getAttribute('href')).toBeNull();
    expect(within(preview).getByText('ok').getAttribute('href')).toBe('https://example.com');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
