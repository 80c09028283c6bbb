import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { toast } from './api.js';
import { chooseStars, screenshotDir } from './browser.js';

/** Answers Yes to Mark as done, then rates in the Feedback dialog, whose OK waits for a star. */
export async function confirmDoneAndRate(page: Page, stars: number, comment: string, screenshot: string) {
  await page.getByRole('button', { name: 'Yes' }).click();
  await toast(page, MSG.cardMarkedCompleted).waitFor();
  const feedback = page.getByTestId('feedback-dialog');
  await feedback.waitFor();
  const ok = feedback.getByRole('button', { name: 'OK' });
  expect(await ok.isDisabled()).toBe(true);
  await chooseStars(feedback, stars);
  await feedback.getByLabel('Comment (optional)').fill(comment);
  await page.screenshot({ path: path.join(screenshotDir, screenshot) });
  await ok.click();
  await toast(page, MSG.feedbackSubmitted).waitFor();
}
