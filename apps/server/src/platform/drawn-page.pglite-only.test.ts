import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_STATE_ID, OWN_LINK_CONTROLS, PHONE_SCREEN_QUERY } from '@cutroom/domain';
import { START_SCRIPT, drawnPage } from './drawn-page.js';

// As the web build writes index.html: the entry and its module preloads in the head, the mark in #root.
const INDEX = [
  '<!doctype html><html><head><title>Cutroom</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/mantine-2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/mantine-3.css">',
  '</head><body>\n<div id="root">\n  <!--boot--><div class="boot"></div><!--/boot-->\n</div>\n</body></html>',
].join('');
const DRAWN = { html: '<main>board</main>', state: '<script type="application/json" id="s">{}</script>' };

describe('the page around a drawn first screen', () => {
  it('puts the markup in a #root marked as drawn and starts the scripts after the paint, style sheets kept in the head', () => {
    const page = drawnPage(INDEX, DRAWN, ['/assets/home-4.js', '/assets/react-1.js'], ['/assets/card-5.js']);
    expect(page).toContain('<div id="root" data-drawn><main>board</main></div>');
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/mantine-3.css">');
    const start =
      /<script defer src="([^"]+)" data-app="([^"]+)" data-modules="([^"]+)" data-later="([^"]+)"><\/script><\/body>/.exec(
        page,
      );
    expect(start?.[1]).toBe(START_SCRIPT);
    expect(start?.[2]).toBe('/assets/index-abc.js');
    expect(JSON.parse(start![3]!.replace(/&quot;/g, '"'))).toEqual([
      '/assets/react-1.js',
      '/assets/mantine-2.js',
      '/assets/home-4.js',
    ]);
    // The next page's files, fetched when the page is idle.
    expect(JSON.parse(start![4]!.replace(/&quot;/g, '"'))).toEqual(['/assets/card-5.js']);
    // The data comes before the script that starts the app reading it.
    expect(page.indexOf(DRAWN.state)).toBeLessThan(page.indexOf(START_SCRIPT));
  });

  it("waits for a phone's first touch: the start script gets the page's data, its screen, the events that start it and a tile's controls", () => {
    const dataOf = (page: string) =>
      Object.fromEntries(
        [
          ...(/<script defer src="\/first-screen-start\.js"([^>]*)>/.exec(page)?.[1] ?? '').matchAll(
            / data-([\w-]+)="([^"]*)"/g,
          ),
        ].map((m) => [m[1], m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]),
      );
    // A laptop's page starts the app once it has painted.
    expect(dataOf(drawnPage(INDEX, DRAWN, []))).not.toHaveProperty('start');
    const board = dataOf(drawnPage(INDEX, { ...DRAWN, phone: true }, []));
    expect(board).toMatchObject({
      start: 'touch',
      state: FIRST_SCREEN_STATE_ID,
      'phone-screen': PHONE_SCREEN_QUERY,
      controls: OWN_LINK_CONTROLS,
    });
    // The board shows no job's progress; a card's page shows its own card's.
    expect(JSON.parse(board.events)).toEqual(expect.arrayContaining(['card.moved', 'resync', 'session.ended']));
    expect(JSON.parse(board.events)).not.toContain('media.updated');
    expect(board).not.toHaveProperty('card');
    const card = dataOf(drawnPage(INDEX, { ...DRAWN, phone: true }, [], [], 7));
    expect(JSON.parse(card.events)).toContain('media.updated');
    expect(card.card).toBe('7');
  });

  it('leaves a page it does not recognise as it is', () => {
    const other = INDEX.replace('<!--boot-->', '');
    expect(drawnPage(other, DRAWN, [])).toBe(other);
    const noEntry = INDEX.replace(/<script[^>]*><\/script>/, '');
    expect(drawnPage(noEntry, DRAWN, [])).toBe(noEntry);
  });
});
