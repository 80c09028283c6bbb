import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { HolidayView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const holiday = (overrides: Partial<HolidayView> = {}): HolidayView => ({
  id: 1,
  holiday_title: 'New Year',
  holiday_date: '2026-01-01',
  holiday_status: true,
  is_deleted: false,
  created_at: '2025-12-01T00:00:00.000Z',
  ...overrides,
});

/** Opens the date picker of `label` and picks the 15th of the month it shows (the current one). */
async function pickFifteenth(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByLabelText(label));
  const day = dayjs().date(15);
  await user.click(await screen.findByRole('button', { name: day.format('D MMMM YYYY') }));
  return day.format('YYYY-MM-DD');
}

describe('settings page', { timeout: 15_000 }, () => {
  it('lets an admin add a holiday and shows it in the list', async () => {
    const holidays: HolidayView[] = [holiday()];
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/portal/get-holidays': () => ({ body: { holidays: [...holidays] } }),
      'POST /api/portal/save-holiday': (body) => {
        const b = body as { holiday_title: string; holiday_date: string };
        holidays.unshift(holiday({ id: 2, ...b }));
        return { status: 201, body: { message: MSG.holidaySaved, id: 2 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=holidays');

    expect(await screen.findByText('New Year')).toBeTruthy();
    const save = screen.getByTestId<HTMLButtonElement>('holiday-save');
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), 'Founders Day');
    const date = await pickFifteenth(user, 'Date');
    expect(save.disabled).toBe(false);
    await user.click(save);

    expect(await screen.findByText(MSG.holidaySaved)).toBeTruthy();
    const row = await screen.findByTestId('holiday-2');
    expect(within(row).getByText('Founders Day')).toBeTruthy();
    expect(within(row).getByText(date)).toBeTruthy();
    expect(server.callsTo('POST', '/api/portal/save-holiday')[0]?.body).toEqual({
      holiday_title: 'Founders Day',
      holiday_date: date,
      holiday_status: 1,
      is_deleted: 0,
    });
  });

  it("shows the server's duplicate-date refusal on the date field", async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/portal/get-holidays': { body: { holidays: [] } },
      'POST /api/portal/save-holiday': {
        status: 400,
        body: { error_message: MSG.holidayDateExists, code: 'VALIDATION', field: 'holiday_date' },
      },
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=holidays');

    await screen.findByText('No holidays yet');
    await user.type(screen.getByLabelText('Title'), 'Twice');
    await pickFifteenth(user, 'Date');
    await user.click(screen.getByTestId('holiday-save'));

    const field = await screen.findByText(MSG.holidayDateExists);
    const input = screen.getByLabelText('Date');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(field.id);
  });

  it("says the spec's texts when switching or deleting a holiday fails", async () => {
    const crash = { status: 500, body: { error_message: MSG.generic, code: 'INTERNAL' } };
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/portal/get-holidays': { body: { holidays: [holiday()] } },
      'POST /api/portal/update-holiday': crash,
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=holidays');

    await user.click(await screen.findByRole('switch', { name: 'New Year is on' }));
    expect(await screen.findByText(MSG.holidayStatusFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete New Year' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.holidayDeleteFailed)).toBeTruthy();
    expect(server.callsTo('POST', '/api/portal/update-holiday').map((c) => c.body)).toEqual([
      { id: 1, holiday_status: 0 },
      { id: 1, is_deleted: 1 },
    ]);
  });

  it('sends a non-admin opening /settings home', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'qa' }) } });
    const app = renderApp('/settings');
    await screen.findByTestId('sidebar');
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });
});
