import type { Page } from 'playwright-core';
import type { TestUser } from './kobo-server.ts';

/** Signs in through the API on the page's own cookie jar: for tests about something else. */
export async function signInQuickly(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  const response = await page.request.post('/api/auth/sign-in', { data: { email: user.email, password: user.password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Signs in through the form, as a person does. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
