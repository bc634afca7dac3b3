import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Types into the focused searchable select, then picks the first match with ArrowDown and Enter,
 * and waits until the select shows it. Keys go at a fast typist's pace, not the machine's, and
 * Enter once the option is the one announced as active (aria-activedescendant), as a person
 * presses it once they see or hear the highlight. Mantine's select settles its highlight in a
 * timer it starts when the list opens; keys sent back to back on a loaded machine can all land
 * before that timer runs, and its late reset then leaves Enter with nothing to pick (CI's run of
 * the keyboard tests caught this once).
 */
export async function pickByKeyboard(page: Page, combobox: Locator, text: string, option: string) {
  await page.keyboard.type(text, { delay: 40 });
  const match = page.getByRole('option', { name: option }).first();
  // The filtered list must be open before ArrowDown can pick from it.
  await expect.poll(() => match.isVisible()).toBe(true);
  await page.keyboard.press('ArrowDown');
  const matchId = await match.getAttribute('id');
  expect(matchId, `${option} has an id to be announced by`).toBeTruthy();
  await expect.poll(() => combobox.getAttribute('aria-activedescendant')).toBe(matchId);
  await page.keyboard.press('Enter');
  await expect.poll(() => combobox.inputValue()).toContain(option);
}
