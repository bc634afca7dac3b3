import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly, signInWithForm } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let looks: TestUser;
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  looks = await kobo.createUser('staff', { name: 'Amaka Looks' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await pageSettled(page, 'Profile');
}

/** The newest mail the server wrote to its outbox folder for `address` (the e2e server has no SMTP). */
async function mailTo(address: string, containing: string): Promise<string> {
  let text = '';
  await expect
    .poll(() => {
      try {
        text = kobo.lastMailTo(address);
      } catch {
        text = '';
      }
      return text;
    })
    .toContain(containing);
  return text;
}

describe('Profile: self-service (issue 15)', () => {
  it('keeps the spec’s card, and a changed name shows in the header at once', async () => {
    const user = await kobo.createUser('user', { name: 'Chidi Okeke' });
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, user);
    await openProfile(page);
    expect(await page.getByLabel('Full Name').first().inputValue()).toBe('Chidi Okeke');
    // Issue 34: the name is said once in the card (beside the avatar); the one 'Full Name' field is the one that changes it.
    expect(await page.getByLabel('Full Name').count()).toBe(1);
    expect(await page.getByLabel('Full Name').getAttribute('readonly')).toBeNull();
    // Issue 34: a compact phone header, at most 56 px of the 740 px screen.
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(56);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    expect(await page.getByLabel('Member Since').inputValue()).not.toBe('');

    const details = section(page, 'Edit details');
    const name = details.getByLabel('Full Name');
    const phone = details.getByLabel('Phone Number');
    // A blank name: told beside the field, once (issue 34: no banner repeats it).
    await name.fill('   ');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expectBeside(name, 'Please enter your name');
    expect(await details.getByRole('alert').count()).toBe(0);
    await name.fill('Chidi Okafor');
    await phone.fill('call me');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expectBeside(phone, 'Please enter a valid phone number');
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');

    // By keyboard: Enter in the field saves.
    await phone.fill('');
    await phone.focus();
    await page.keyboard.type('0803 555 0101');
    await page.keyboard.press('Enter');
    await expectText(details.getByRole('status'), 'Your details have been saved.');
    await expectText(page.getByRole('banner'), 'Chidi Okafor');
    expect(await page.getByLabel('Full Name').first().inputValue()).toBe('Chidi Okafor');
    await screenshot(page, 'profile-details-saved-375-light');

    await page.reload();
    await pageSettled(page, 'Profile');
    await expectText(page.getByRole('banner'), 'Chidi Okafor');
    expect(await section(page, 'Edit details').getByLabel('Phone Number').inputValue()).toBe('0803 555 0101');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('changes the password: a wrong current one is told beside it; then other devices are signed out and the new one signs in', async () => {
    const user = await kobo.createUser('user', { name: 'Dayo Password' });
    const elsewhere = await newPage(browser, kobo.baseURL);
    await signInQuickly(elsewhere.page, user);
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, user);
    await openProfile(page);

    const form = section(page, 'Change password');
    const current = form.getByLabel('Current Password');
    await current.fill('not-my-password');
    await form.getByLabel(/^New Password/).fill('brand-new-1');
    await form.getByLabel('Confirm New Password').fill('brand-new-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectBeside(form.getByLabel('Confirm New Password'), 'Passwords do not match');

    await form.getByLabel('Confirm New Password').fill('brand-new-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectBeside(current, 'Incorrect password.');
    // Said once, beside the field it concerns, not again in a banner (issue 34, decision 060).
    expect(await form.getByRole('alert').filter({ hasText: 'Incorrect password.' }).count()).toBe(0);

    await current.fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectText(form.getByRole('status'), 'Your password has been changed.');
    expect(await current.inputValue()).toBe('');

    // This browser stays signed in; the other one is sent to sign in.
    await page.goto('/expenses');
    await pageSettled(page, 'My Expenses');
    await elsewhere.page.goto('/expenses');
    await elsewhere.page.waitForURL('**/login');
    await elsewhere.context.close();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await signInWithForm(page, user.email, user.password);
    await expectBeside(page.getByLabel('Password', { exact: true }), 'Incorrect password.');
    await signInWithForm(page, user.email, 'brand-new-1');
    await page.waitForURL('**/expenses');
    expect(pathOf(page)).toBe('/expenses');
    await context.close();
  });

  it('changes the email only once the link mailed to the new address is opened', async () => {
    const user = await kobo.createUser('manager', { name: 'Efe Email' });
    const newEmail = `efe.new.${Date.now().toString(36)}@kobo.test`;
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, user);
    await openProfile(page);

    const form = section(page, 'Change email');
    await form.getByLabel('New Email').fill(newEmail);
    await form.getByLabel('Current Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expectBeside(form.getByLabel('Current Password'), 'Incorrect password.');

    await form.getByLabel('Current Password').fill(user.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expectText(form.getByRole('status'), 'We sent a confirmation link to the new address.');
    // Not changed yet.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);

    const mail = await mailTo(newEmail, '/confirm-email?token=');
    const link = /http:\/\/localhost:\d+\/confirm-email\?token=\S+/.exec(mail)?.[0] ?? '';
    expect(link).not.toBe('');
    await page.goto(link);
    await pageSettled(page, 'Confirm Email');
    await expectText(page.getByRole('status'), `Your email is now ${newEmail}.`);
    await screenshot(page, 'confirm-email-done-375-light');
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await pageSettled(page, 'Profile');
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
    expect(await mailTo(user.email, 'was changed')).toContain(`changed from ${user.email} to ${newEmail}`);

    // The link works once.
    await page.goto(link);
    await pageSettled(page, 'Confirm Email');
    await expectText(page.getByRole('alert'), 'This confirmation link is not valid, or it was already used.');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('tells a signed-out visitor with a broken link so, and offers to sign in', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await page.goto('/confirm-email?token=made-up');
    await pageSettled(page, 'Confirm Email');
    await expectText(page.getByRole('alert'), 'This confirmation link is not valid, or it was already used.');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});

const env = () => ({ browser, baseURL: kobo.baseURL });

describe('Profile looks', () => {
  itFitsEveryLook(env, {
    name: 'profile-self-service',
    path: '/profile',
    user: () => looks,
    prepare: async (page) => {
      await pageSettled(page, 'Profile');
      const form = section(page, 'Change password');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectBeside(form.getByLabel('Current Password'), 'Please enter your current password');
    },
  });
  itFitsEveryLook(env, {
    name: 'confirm-email',
    path: '/confirm-email?token=made-up',
    user: () => looks,
    prepare: async (page) => {
      await pageSettled(page, 'Confirm Email');
      await expectText(page.getByRole('alert'), 'This confirmation link is not valid');
    },
  });
});
