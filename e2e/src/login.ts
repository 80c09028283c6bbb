import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api.js';
import { newPage } from './browser.js';

/** Fills in the login form of a page and sends it, as a user does (the demo accounts' password by default). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A new browser context signed in through the login form, once it has left /login. */
export async function signedInPage(
  browser: Browser,
  email: string,
  { viewport, password }: { viewport?: { width: number; height: number }; password?: string } = {},
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}
