import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG, QC_AUTHOR, QC_REVIEW_CONFIRM, fill } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { animationsDone, launchBrowser, screenshotDir } from './browser.js';
import { bearer, call, createRequest, settledCard, startEditing, storeVideo } from './api.js';
import { makeClip } from './clips.js';
import { signedInPage } from './login.js';
import { playerReady } from './player.js';
import { faultyCutArgs } from '../../apps/server/src/test/qc-clips.js';

const WIDE = { width: 1440, height: 900 };
const QA = 'qa@cutroom.demo';

let browser: Browser;
let cut: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  // 10 s: black 2–3, frozen 5–6.5, silent 7–8.5, far too loud.
  cut = makeClip('Faulty cut.mkv', faultyCutArgs(16));
});
afterAll(async () => {
  await browser?.close();
});

describe('delivery QC in the review', () => {
  it('QA sees the strip and the notes, steps to a finding, marks one fixed and sends the cut to Review past the question', async () => {
    const cardId = await createRequest(`Delivery QC journey ${Date.now()}`);
    await startEditing(cardId);
    const link = await storeVideo(cut, 'Faulty cut.mkv', 'video/x-matroska');
    await call(await bearer('editor@cutroom.demo'), 'POST', `/api/card/${cardId}/moveToQa`, {
      card_status: 'editing',
      done_video_link: link,
    });
    const qcOf = (card: CardDetailReply) => card.video_versions['version-0']![0]!.media!.qc;
    const qc = qcOf(await settledCard(cardId, await bearer(QA)))!;
    // The 640×360 test picture is also under 1080 on its short side for a 16:9 request.
    expect(qc.findings.map((f) => f.kind)).toEqual(['black', 'freeze', 'silence', 'loudness', 'resolution']);
    // The customer's reply carries none of it.
    expect(qcOf(await settledCard(cardId, await bearer('customer@cutroom.demo')))).toBeUndefined();

    const page = await signedInPage(browser, QA, { viewport: WIDE });
    await page.goto(`/card-details/${cardId}`);
    await page.getByRole('tab', { name: 'Video & Comments' }).click();
    await playerReady(page);
    const strip = page.getByTestId('qc-strip');
    await strip.waitFor();
    expect(await strip.getByTestId('qc-finding').evaluateAll((els) => els.map((e) => e.dataset.kind))).toEqual([
      'black',
      'freeze',
      'silence',
    ]);
    expect(await page.getByTestId('qc-loudness').getAttribute('data-off')).toBe('true');

    // The team chat has the three stretches, signed by QC; the second's timecode steps the player to it.
    await page.getByTestId('chat-toggle').getByText('Team Chat').click();
    const notes = page.getByTestId('chat-note').filter({ hasText: QC_AUTHOR.name });
    await expect.poll(() => notes.count()).toBe(3);
    const frozen = notes.filter({ hasText: 'Frozen picture' });
    await frozen.getByRole('button', { name: /^Jump to/ }).click();
    await page.waitForFunction(() => Math.abs((document.querySelector('video')?.currentTime ?? 0) - 5) < 0.15);
    await animationsDone(page);
    await page.screenshot({ path: path.join(screenshotDir, 'delivery-qc-review.png') });

    // A click on the strip steps there too.
    await strip.getByTestId('qc-finding').nth(2).click();
    await page.waitForFunction(() => Math.abs((document.querySelector('video')?.currentTime ?? 0) - 7) < 0.15);

    // QA marks the black stretch fixed; the other two stay open.
    const black = notes.filter({ hasText: 'Black from' });
    await black.getByRole('button', { name: 'Mark as done' }).click();
    await expect.poll(() => black.getByTestId('fix-state').textContent()).toBe('Fixed');

    // From the board, Review asks about what QC still has open: two stretches, the loudness and the size.
    await page.goto('/');
    await page.getByTestId(`status-menu-${cardId}`).click();
    await page.getByRole('menuitem', { name: 'Review' }).click();
    const dialog = page.getByTestId('done-dialog');
    const open = dialog.getByTestId('review-open-qc');
    await open.waitFor();
    expect(await open.getByText(fill(QC_REVIEW_CONFIRM.ask, { count: '4' })).count()).toBe(1);
    const items = await open.getByRole('listitem').allTextContents();
    expect(items[0]).toMatch(/^0:05 · Frozen picture/);
    expect(items[1]).toMatch(/^0:07 · Silence/);
    expect(items[2]).toMatch(/^Integrated loudness/);
    expect(items[3]).toMatch(/^The picture is 640×360/);
    await dialog.getByLabel(MSG.syncIdLabel).fill('SYNC-QC-1');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'delivery-qc-to-review.png') });
    await dialog.getByTestId('review-open-qc-confirm').check();
    await submit.click();
    await page.getByTestId('column-done').getByTestId(`card-${cardId}`).waitFor();
    const after = await call<CardDetailReply>(await bearer(QA), 'GET', `/api/card/${cardId}`);
    expect(after.card_status).toBe('done');
    await page.context().close();

    // The customer's player of the same cut: its waveform, no strip, no loudness.
    const customer = await signedInPage(browser, 'customer@cutroom.demo', { viewport: WIDE });
    await customer.goto(`/card-details/${cardId}`);
    await customer.getByRole('tab', { name: 'Video & Comments' }).click();
    await playerReady(customer);
    await customer.getByTestId('waveform').waitFor();
    expect(await customer.getByTestId('qc-strip').count()).toBe(0);
    expect(await customer.getByTestId('qc-loudness').count()).toBe(0);
    await customer.context().close();
  });
});
