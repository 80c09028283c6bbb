import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clientAddress, launchBrowser, pageTaken } from './browser.js';
import { API, pathOf } from '@cutroom/domain/contract';
import { DRAWN_PAGE_MARK, SCREEN_PREFS_COOKIE } from '@cutroom/domain';
import { DEMO_PASSWORD, bearer, call } from './api.js';

// Issue 36: the board comes from the server as HTML with its data, and the app takes that page over
// (hydration) instead of drawing it again; a browser whose stored preferences draw another board draws its own.
const CUSTOMER = 'customer@cutroom.demo';
const TITLE = 'Gear review: budget microphones';
const PHONE = { width: 412, height: 823 };
/** Lighthouse's phone: its user agent says Mobile, so the server draws the phone's layout. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // The node-for-node comparison is of the board alone: another test may have left today's banner on this server.
  const admin = await bearer('admin@cutroom.demo');
  for (let i = 0; i < 5; i++) {
    const { announcement } = await call<{ announcement: { id: number } | null }>(
      admin,
      'GET',
      API.settings.activeAnnouncement.path,
    );
    if (!announcement) break;
    await call(admin, 'DELETE', pathOf(API.settings.deleteAnnouncement.path, { id: announcement.id }));
  }
});
afterAll(() => browser?.close());

/** Holds the app's scripts back, as a slow connection would, until the returned function lets them through. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A signed-in phone tab with nothing stored, as after signing in on another device; `stored` preset storage. */
async function signedInPhone(
  stored?: Record<string, string>,
  email = CUSTOMER,
  userAgent?: string,
  laptop = false,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    ...(userAgent ? { userAgent } : {}),
    baseURL: baseUrl(),
    viewport: laptop ? { width: 1280, height: 800 } : PHONE,
    isMobile: !laptop,
    hasTouch: !laptop,
    timezoneId: 'America/New_York',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const login = await context.request.post('/api/login', {
    headers: { 'x-requested-with': 'cutroom-web' },
    data: { useremail: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  if (stored) await context.addInitScript((values) => Object.assign(localStorage, values), stored);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

/** Notes, once the parser is done and before the app's scripts run, every element in #root: the server's. */
const noteServedElements = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { served?: Element[] };
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive' && !w.served)
        w.served = Array.from(document.querySelectorAll('#root *'));
    });
  });

/** Every element the server drew is still in the page (but loading marks its data replaced): hydrated, not drawn again. */
async function expectServedElementsKept(page: Page) {
  const kept = await page.evaluate(() => {
    const served = (window as unknown as { served: Element[] }).served;
    // A loading mark (and what holds only it) goes when its data comes.
    const loading = (e: Element) =>
      e.matches('.mantine-Loader-root') || e.querySelector('.mantine-Loader-root') !== null;
    const gone = served.filter((e) => !e.isConnected && !loading(e));
    return {
      served: served.length,
      gone: gone.map((e) => `${e.tagName} ${e.className} ${e.textContent?.slice(0, 40)}`),
    };
  });
  expect(kept.served).toBeGreaterThan(200);
  expect(kept.gone).toEqual([]);
}

/**
 * The page as a tree of elements with their attributes (styles by property, in order) and texts, and the
 * values and checks of its fields: what hydration must leave exactly as a drawing by the client would make it.
 */
const tree = (page: Page) =>
  page.evaluate(() => {
    const lines: string[] = [];
    const walk = (node: Node, depth: number) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim();
        if (text) lines.push(`${' '.repeat(depth)}"${text}`);
        return;
      }
      if (!(node instanceof HTMLElement || node instanceof SVGElement)) return;
      const attributes = Array.from(node.attributes, (a) => {
        if (a.name !== 'style') return `${a.name}=${a.value}`;
        const declarations = node.style.cssText.split(';').map((d) => d.trim());
        // dnd-kit's resting tiles say `transition: transform linear` when drawn by the browser: no duration, no effect.
        return `style=${declarations
          .filter((d) => d && d !== 'transition: transform linear')
          .sort()
          .join(';')}`;
      });
      const field = node instanceof HTMLInputElement ? ` value=${node.value} checked=${node.checked}` : '';
      lines.push(`${' '.repeat(depth)}${node.tagName} ${attributes.sort().join(' ')}${field}`);
      Array.from(node.childNodes, (child) => walk(child, depth + 1));
    };
    walk(document.getElementById('root')!, 0);
    return (
      lines
        .join('\n')
        // Ids made per drawing (React's useId, Mantine's), and the top bar's clock, differ by design.
        .replace(/_[Rr]_\w+_/g, 'ID')
        .replace(/mantine-[a-z0-9]{9}\b/g, 'ID')
        .replace(/\d\d:\d\d:\d\d [AP]M|datetime=\S+/g, 'CLOCK')
        .replace(/style=(?=\s|$)/g, '')
    );
  });

/** The data a drawn page was made from, without the times it was read at. */
const cardsOf = (html: string) =>
  (/<script type="application\/json" id="first-screen-state">(.*?)<\/script>/.exec(html)?.[1] ?? '')
    .replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '')
    .replace(/"cursor":"[^"]*"/, '');

describe('the board drawn by the server', () => {
  it('comes as HTML with its tiles, and the app takes it over as a drawing of its own would be', async () => {
    // The same data drawn twice: by the server then hydrated, and by the browser (a stored preference); a card
    // the server changed in between (its promise date, say) makes another pair.
    for (let attempt = 1; ; attempt++) {
      const hydrated = await signedInPhone();
      const html = (await (await hydrated.page.goto('/'))!.text()) ?? '';
      expect(html).toContain('id="first-screen-state"');
      expect(html).toContain(`<div id="root" ${DRAWN_PAGE_MARK}>`);
      expect(html).toContain(TITLE);
      const drawn = await signedInPhone({ showHold: 'false' });
      const otherHtml = (await (await drawn.page.goto('/'))!.text()) ?? '';
      const trees = [];
      for (const { page } of [hydrated, drawn]) {
        await pageTaken(page);
        await page.getByRole('link', { name: TITLE }).first().waitFor();
        await page.waitForTimeout(1000);
        trees.push(await tree(page));
      }
      expect(hydrated.problems).toEqual([]);
      expect(drawn.problems).toEqual([]);
      await drawn.page.context().close();
      if (cardsOf(html) !== cardsOf(otherHtml) && attempt < 3) {
        await hydrated.page.context().close();
        continue;
      }
      expect(trees[0]!.split('\n').length).toBeGreaterThan(300);
      expect(trees[0]).toBe(trees[1]);

      // The drawn board works: a tap on a tile opens its card.
      await hydrated.page.getByRole('link', { name: TITLE }).first().click();
      await hydrated.page.waitForURL(/\/card-details\/\d+/);
      await hydrated.page.getByRole('heading', { name: TITLE }).waitFor();
      await hydrated.page.context().close();
      return;
    }
  });

  it("keeps every element the server drew on a phone: the admin's board and the customer's list hydrate, nothing is drawn again", async () => {
    for (const [email, shows] of [
      ['admin@cutroom.demo', 'Podcast episode 12 highlights'],
      [CUSTOMER, TITLE],
    ] as const) {
      const { page, problems } = await signedInPhone(undefined, email, PHONE_AGENT);
      await noteServedElements(page);
      const html = (await (await page.goto('/'))!.text()) ?? '';
      expect(html).toContain('first-screen-state');
      await pageTaken(page);
      await page.getByRole('link', { name: shows }).first().waitFor();
      await page.waitForTimeout(1500);
      await expectServedElementsKept(page);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps every element the server drew when a card changes before the page has hydrated; the change shows once it has', async () => {
    const admin = await bearer('admin@cutroom.demo');
    const search = `${API.cards.titles.path}?title=${encodeURIComponent('livestream recap')}`;
    const { titles } = await call<{ titles: { card_id: number; card_title: string }[] }>(admin, 'GET', search);
    // A card of the board's last column: its part of the page hydrates last.
    const card = titles.find((t) => t.card_title.startsWith('Q&A livestream recap'))!;
    const { page, problems } = await signedInPhone(undefined, 'admin@cutroom.demo', PHONE_AGENT);
    await noteServedElements(page);
    // The app's code is held back until the card has changed: the stream, opened from where the server's
    // drawing stood, replays the change while the page's parts are still taking their turns to hydrate.
    const release = await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: card.card_title, exact: true }).first().waitFor();
    const renamed = `Q&A livestream recap ${Date.now() % 100_000}`;
    const rename = (card_title: string) =>
      call(admin, 'PUT', pathOf(API.cards.updateTitle.path, { id: card.card_id }), { card_title });
    await rename(renamed);
    release();
    // No touch: on a phone the change the stream tells starts the app (issue 55).
    await pageTaken(page, { touch: false });
    await page.getByRole('link', { name: renamed, exact: true }).first().waitFor();
    await page.waitForTimeout(1000);
    await expectServedElementsKept(page);
    expect(problems).toEqual([]);
    await page.context().close();
    await rename('Q&A livestream recap');
  });

  it('holds a tap made before the app runs the page, and replays it once it does: the card opens in the app', async () => {
    // A laptop's browser starts the app at once (a phone's waits for a touch); a tap before it runs is held.
    const { page, problems } = await signedInPhone(undefined, CUSTOMER, undefined, true);
    // The app's code is held back, as on a slow phone, until the tap has been made.
    const release = await holdAppScripts(page);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(1);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForTimeout(500);
    // Held: the drawn link started no page load, and the page's loading bar says the tap was taken.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-testid="navigation-progress"][data-loading]').count()).toBe(1);
    release();
    await page.waitForURL(/\/card-details\/\d+/);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.locator('[data-testid="navigation-progress"][data-loading]').waitFor({ state: 'detached' });
    // The app opened it (one document for the whole visit), and the page no longer holds taps.
    expect(documents).toHaveLength(1);
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("replays a held tap on a button's icon on the button: the notifications open once the app runs", async () => {
    const { page, problems } = await signedInPhone(undefined, CUSTOMER, undefined, true);
    const release = await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(1);
    // The tap lands on the bell's SVG, not on its button.
    await page.getByTestId('notification-bell').locator('svg').click();
    expect(await page.locator('[data-testid="navigation-progress"][data-loading]').count()).toBe(1);
    release();
    await page.getByRole('dialog', { name: 'Latest notifications' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leaves a phone's page as the server drew it until a touch: a link loads its page, a tap on a button starts the app and is replayed", async () => {
    const { page, problems } = await signedInPhone(undefined, CUSTOMER, PHONE_AGENT);
    const documents: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    page.on('request', (r) => r.url().includes('/assets/') && scripts.push(r.url()));
    // The event stream never answers: a change it tells starts the app (the test before), and this server's media
    // pipeline or an earlier test may still be changing cards.
    await page.route('**/api/events**', () => {});
    await page.goto('/');
    await page.waitForTimeout(1500);
    // Nothing of the app has loaded: the page is the server's.
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(1);
    expect(scripts.filter((url) => url.endsWith('.js'))).toEqual([]);
    // A tile is a plain link: the card's page comes from the server, drawn too, and waits in its turn.
    await page.getByRole('link', { name: TITLE }).first().tap();
    await page.waitForURL(/\/card-details\/\d+/);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(documents).toHaveLength(2);
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(1);
    // So is a tile off its controls, as a thumb taps it: it follows its title link.
    await page.goto('/');
    const tile = page.locator('[data-follows-link]').filter({ hasText: TITLE }).first();
    await tile.scrollIntoViewIfNeeded();
    // A spot of the tile with none of its controls within a finger's reach: the browser moves a touch near a
    // control onto it (the tile has a menu, a status and buttons).
    const spot = await tile.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const clear = (x: number, y: number) =>
        [0, 12, -12].every((dx) =>
          [0, 12, -12].every((dy) => {
            const hit = document.elementFromPoint(x + dx, y + dy);
            return hit && element.contains(hit) && !hit.closest('a, button, input, textarea, select, label');
          }),
        );
      for (let y = box.top + 14; y < box.bottom - 14; y += 4)
        for (let x = box.left + 14; x < box.right - 14; x += 8) if (clear(x, y)) return { x, y };
      return null;
    });
    expect(spot).not.toBeNull();
    await page.touchscreen.tap(spot!.x, spot!.y);
    await page.waitForURL(/\/card-details\/\d+/);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(documents).toHaveLength(4);
    expect(await page.locator(`#root[${DRAWN_PAGE_MARK}]`).count()).toBe(1);

    // Back on the board, the app's code held back as on a slow connection: a tap on the view switch is held.
    const release = await holdAppScripts(page);
    await page.goto('/');
    await page.getByTestId('view-toggle').getByText('Board').tap();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid="navigation-progress"][data-loading]').count()).toBe(1);
    expect(await page.locator('script[type="module"]').count()).toBe(1);
    release();
    // The touch started the app, and the tap it held is replayed on it.
    await pageTaken(page, { touch: false });
    await page.getByTestId('board-view').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("draws a returning visitor's board as their stored preferences say (their cookie mirror), and hydrates it", async () => {
    const { page, problems } = await signedInPhone(undefined, 'admin@cutroom.demo', PHONE_AGENT);
    await page.goto('/');
    await pageTaken(page);
    // The choice of list over board is stored, and mirrored for the server.
    await page.getByTestId('view-toggle').getByText('List').click();
    await page.getByTestId('list-view').waitFor();
    // The mirror is written once its code has loaded.
    const mirrored = async () =>
      (await page.context().cookies()).some(
        (c) => c.name === SCREEN_PREFS_COOKIE && decodeURIComponent(c.value).includes('"selectedListingView":"list"'),
      );
    await expect.poll(mirrored).toBe(true);
    await noteServedElements(page);
    const html = (await (await page.reload())!.text()) ?? '';
    expect(html).toContain('first-screen-state');
    expect(html).toContain('data-testid="list-view"');
    await pageTaken(page);
    await page.getByTestId('list-view').waitFor();
    await page.waitForTimeout(1500);
    await expectServedElementsKept(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("draws a card's page too, and hydrates it, for staff and for the card's customer", async () => {
    for (const email of ['admin@cutroom.demo', CUSTOMER]) {
      const { page, problems } = await signedInPhone(undefined, email, PHONE_AGENT);
      await page.goto('/');
      await pageTaken(page);
      const href = await page.getByRole('link', { name: TITLE }).first().getAttribute('href');
      await noteServedElements(page);
      const html = (await (await page.goto(href!))!.text()) ?? '';
      expect(html).toContain('first-screen-state');
      expect(html).toContain(TITLE);
      await pageTaken(page);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await page.waitForTimeout(1500);
      await expectServedElementsKept(page);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("draws the board under today's banner too: its rich text sanitized by the server's allow-list", async () => {
    const admin = await bearer('admin@cutroom.demo');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const made = await call<{ id: number }>(admin, 'PUT', API.settings.createAnnouncement.path, {
      enable_banner: 1,
      banner_heading: 'Holiday <b>hours</b>',
      banner_text: '<p>Requests sent on Thursday start on <a href="https://example.com/hours">Monday</a>.</p>',
      startDate: day(-1),
      endDate: day(1),
    });
    try {
      const { page, problems } = await signedInPhone(undefined, CUSTOMER, PHONE_AGENT);
      const html = (await (await page.goto('/'))!.text()) ?? '';
      expect(html).toContain('first-screen-state');
      expect(html).toContain('Requests sent on Thursday start on');
      await pageTaken(page);
      const link = page.getByRole('link', { name: 'Monday' });
      expect(await link.getAttribute('href')).toBe('https://example.com/hours');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      await call(admin, 'DELETE', pathOf(API.settings.deleteAnnouncement.path, { id: made.id }));
    }
  });

  it('is not drawn for a board that sends the visitor on to a card, nor for a visitor without a session', async () => {
    const { page } = await signedInPhone();
    const onward = (await (await page.goto('/?cardId=1'))!.text()) ?? '';
    expect(onward).not.toContain('first-screen-state');
    await page.waitForURL(/\/card-details\/1/);
    await page.context().clearCookies();
    const signedOut = (await (await page.goto('/'))!.text()) ?? '';
    expect(signedOut).not.toContain('first-screen-state');
    await page.waitForURL(/\/login/);
    await page.context().close();
  });

  it("asks the admin's View As people when the list opens, not with the board, and views the board as the one picked", async () => {
    const { page, problems } = await signedInPhone(undefined, 'admin@cutroom.demo');
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('limit=100') && asked.push(new URL(r.url()).pathname));
    await page.goto('/');
    await pageTaken(page);
    await page.getByRole('link', { name: 'Podcast episode 12 highlights' }).first().waitFor();
    await page.waitForTimeout(1000);
    expect(asked).toEqual([]);
    // On a phone the filters fold away behind their button.
    const filters = page.getByRole('button', { name: 'Filters' });
    if (await filters.isVisible()) await filters.click();
    await page.getByRole('combobox', { name: 'View As' }).click();
    await page.getByRole('option', { name: 'Cleo Creator' }).click();
    await page.getByRole('link', { name: 'Morning routine vlog' }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Podcast episode 12 highlights' }).count()).toBe(0);
    expect(asked.sort()).toEqual(['/api/customers', '/api/users']);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
