import { expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, pageErrorsOf, PHONE, DESKTOP, screenshot } from './browser.ts';
import { besideField, pageSettled, unexpectedErrors } from './page-checks.ts';
import { signInQuickly } from './session.ts';

/**
 * Issue 34, "Forms" (docs/decisions/060-every-field-at-once.md): every form, submitted empty, flags
 * every invalid field at once, each beside itself; the focus is on the first of them; and the
 * banner, when there is one, summarises ("4 fields need attention") or says the spec's own banner
 * sentence — never a sentence already beside a field. Each row: the page, who opens it, how the
 * form is reached, and what is flagged, in the form's order, with the sentence beside each ('' for
 * a field flagged whose sentence the banner says once; a field's description may stand beside it too).
 * The e2e/forms-empty-submit*.test.ts files each hold a table of forms and call `itSubmitsEachEmpty`.
 */

export type FormCase = {
  name: string;
  path: string;
  heading: string;
  /** 'nobody', or the key of a signed-in user in the file's own `users`. */
  who: string;
  /** The part of the page that holds the form (a region or a dialog), once it is open. */
  open: (page: Page) => Promise<Locator>;
  submit: string;
  flagged: { label: string; beside: string }[];
  banner: string | null;
  /** Also at 375 px in the dark: the forms the issue names. */
  main?: boolean;
};

/** A field's label, exactly, with the asterisk a required field's label may end with. */
export const labelled = (label: string) => new RegExp(`^${label.replaceAll(/[()]/g, (char) => `\\${char}`)}( \\*)?$`);
/** The control a label names (not the option list an open select also labels with it). */
export const fieldOf = (holder: Locator, label: string) => holder.getByLabel(labelled(label)).and(holder.locator(':not([role="listbox"])'));
/** A form in a region named `name`. */
export const region = (name: string) => async (page: Page) => page.getByRole('region', { name });
/** A form that is the page itself. */
export const wholePage = async (page: Page) => page.locator('body');
/** A form in a dialog that a button named `button` opens; waits for the dialog's first control. */
export const dialogOpenedBy = (button: string, dialogName: string = button) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
};

const LOOKS = [
  { look: 'phone', viewport: PHONE, colorScheme: 'light' },
  { look: 'desktop', viewport: DESKTOP, colorScheme: 'light' },
  { look: 'phone-dark', viewport: PHONE, colorScheme: 'dark' },
] as const;

type Env = () => { browser: Browser; baseURL: string; users: Record<string, { email: string; password: string }> };

/** One test per form and look: submitted empty, it flags every field at once, focuses the first, says nothing twice. */
export function itSubmitsEachEmpty(env: Env, forms: FormCase[]) {
  const cases = forms.flatMap((form) => LOOKS.filter((look) => look.look !== 'phone-dark' || form.main).map((look) => ({ ...form, ...look })));
  it.each(cases)('$name at $look: flags every field at once, focuses the first, says nothing twice', async (form) => {
    const { browser, baseURL, users } = env();
    const { context, page } = await newPage(browser, baseURL, { viewport: form.viewport, colorScheme: form.colorScheme });
    if (form.who !== 'nobody') {
      const user = users[form.who];
      if (!user) throw new Error(`no user '${form.who}' for ${form.name}`);
      await signInQuickly(page, user);
    }
    await page.goto(form.path);
    await pageSettled(page, form.heading);
    const holder = await form.open(page);
    await holder.getByRole('button', { name: form.submit, exact: true }).click();

    const first = form.flagged[0];
    if (!first) throw new Error('a row names at least one field');
    const firstField = fieldOf(holder, first.label);
    await expect.poll(() => firstField.getAttribute('aria-invalid')).toBe('true');
    // What each field points to holds its sentence (beside its description, if any), and never the banner's.
    async function flaggedNow() {
      const flagged: { label: string; beside: string }[] = [];
      for (const expected of form.flagged) {
        const field = fieldOf(holder, expected.label);
        const text = await besideField(field);
        const saysItsOwn = expected.beside === '' || text.includes(expected.beside);
        const repeatsBanner = form.banner !== null && text.includes(form.banner);
        flagged.push({
          label: (await field.getAttribute('aria-invalid', { timeout: 2000 }).catch(() => null)) === 'true' ? expected.label : `${expected.label} (not flagged)`,
          beside: saysItsOwn && !repeatsBanner ? expected.beside : text,
        });
      }
      return flagged;
    }
    await expect.poll(flaggedNow, { timeout: 10_000 }).toEqual(form.flagged);
    // Nothing else in the form is flagged.
    expect(await holder.locator('[aria-invalid="true"]').count()).toBe(form.flagged.length);
    await expect.poll(() => firstField.evaluate((element) => element === document.activeElement)).toBe(true);

    const banners = await holder.getByRole('alert').allTextContents();
    expect(banners.map((text) => text.trim()).filter(Boolean)).toEqual(form.banner ? [form.banner] : []);

    await screenshot(page, `forms-empty-${form.name.replaceAll(' ', '-')}-${form.look}`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  }, 120_000);
}
