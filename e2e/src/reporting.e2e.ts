import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API } from '@cutroom/domain/contract';
import { MSG, UTF8_BOM } from '@cutroom/domain';
import { chooseStars, launchBrowser, pageTaken, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliver, startEditing, toast } from './api.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts).
const ADMIN = 'admin@cutroom.demo';
const WIDE = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

async function openAs(email: string, at: string): Promise<Page> {
  const page = await signedInPage(browser, email, { viewport: WIDE });
  await page.goto(at);
  return page;
}

/** Splits a CSV document the way a spreadsheet reads it: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A request of the demo customer made just now and taken into editing. */
async function startedRequest(title: string): Promise<number> {
  const cardId = await createRequest(title);
  await startEditing(cardId);
  return cardId;
}

describe('reporting', () => {
  it('the admin changes the dashboard range, follows a graph to the filtered list and exports a table that parses', async () => {
    const title = `E2E dashboard ${Date.now()}`;
    const cardId = await startedRequest(title);

    const page = await openAs(ADMIN, '/dashboard');
    await page.getByTestId('video-graphs').waitFor();
    const rangeAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === API.dashboard.staff.path);
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL((url) => url.searchParams.has('startDate') && url.searchParams.has('endDate'));
    await rangeAnswered;
    const range = new URL(page.url()).searchParams;
    // The request made just now is in the range, and it is in editing. Both figures are read from one drawing of
    // the graphs: read one after the other, they can come from the old range's answer and the new one's.
    const figures = () =>
      page.evaluate(() =>
        ['graph-requested', 'graph-in-progress'].map((id) =>
          Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-figure') ?? NaN),
        ),
      );
    await expect.poll(async () => (await figures())[1]).toBeGreaterThanOrEqual(1);
    const [requested, inProgress] = await figures();
    expect(requested).toBeGreaterThanOrEqual(inProgress!);
    await page.screenshot({ path: path.join(screenshotDir, 'reporting-dashboard.png') });

    // The export is the table's rows, with a BOM for spreadsheet apps; every row has the header's cells.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('performance-table-export').click(),
    ]);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from(UTF8_BOM, 'utf8'));
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toContain('Name');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row).toHaveLength(rows[0]!.length);
    expect(rows.slice(1).some((row) => row[0] === 'Quinn Checker')).toBe(true);

    // The graph opens the home page's list on the matching tab with the same range.
    await page.getByTestId('graph-in-progress-link').click();
    await page.waitForURL((url) => url.pathname === '/');
    const target = new URL(page.url()).searchParams;
    expect(target.get('section')).toBe('editing');
    expect(target.get('startDate')).toBe(range.get('startDate'));
    expect(target.get('endDate')).toBe(range.get('endDate'));
    const list = page.getByTestId('list-view');
    await list.waitFor();
    expect(await page.getByTestId('list-tab-editing').getAttribute('aria-selected')).toBe('true');
    await list.getByTestId(`card-${cardId}`).first().waitFor();
    await page.context().close();
  });

  it('the admin changes a delivered card’s rating with a reason and finds the change in the list', async () => {
    const title = `E2E rating ${Date.now()}`;
    const cardId = await startedRequest(title);
    await deliver(cardId);
    // A rating belongs to a completed part (the customer's Mark as done, here the admin's).
    await call(await bearer(ADMIN), 'POST', `/api/card/${cardId}/markComplete`, { card_id: cardId });

    const page = await openAs(ADMIN, '/rating');
    const search = page.getByTestId('rating-card-search');
    await search.fill(title);
    await page.getByRole('option', { name: title }).click();
    await page.getByTestId('rating-card-summary').filter({ hasText: title }).waitFor();
    await page.getByTestId('rating-part').getByLabel('Done').check();
    const reason = 'The customer called about the colour grade';
    await page.getByLabel('Reason').fill(reason);
    await chooseStars(page.getByTestId('rating-stars'), 4);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, MSG.ratingUpdated).waitFor();

    const row = page.locator('[data-testid^="updated-rating-"]').filter({ hasText: reason });
    await row.waitFor();
    expect(await row.textContent()).toContain(title);
    await page.screenshot({ path: path.join(screenshotDir, 'reporting-rating.png') });
    await page.context().close();
  });

  it('a card archived from the board is un-archived from the Archived page and is back on the board', async () => {
    const title = `E2E archive ${Date.now()}`;
    const cardId = await startedRequest(title);
    await deliver(cardId);

    const page = await signedInPage(browser, ADMIN, { viewport: WIDE });
    await page.context().addInitScript(() => window.localStorage.setItem('selectedListingView', 'board'));
    await page.goto('/');
    // The stored board mode was not the server's to see: the browser draws its own board over the drawn one.
    await pageTaken(page);
    await page.getByTestId('board-view').waitFor();
    const tile = page.getByTestId('column-done').getByTestId(`card-${cardId}`);
    await tile.scrollIntoViewIfNeeded();
    await page.getByTestId(`card-actions-${cardId}`).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => tile.count()).toBe(0);

    await page.goto('/cards/archive');
    await page.getByRole('textbox', { name: 'Search' }).fill(title);
    const unarchive = page.getByRole('button', { name: `Un-archive ${title}` });
    await unarchive.waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'reporting-archive.png') });
    await unarchive.click();
    await toast(page, MSG.restoredFromArchive).waitFor();
    await expect.poll(() => unarchive.count()).toBe(0);

    await page.goto('/');
    await page.getByTestId('column-done').getByTestId(`card-${cardId}`).waitFor();
    await page.context().close();
  });
});
