import type { Page } from 'playwright-core';

/**
 * Issue 34: on a phone nothing a person needs sits off to the side. The visible elements whose box
 * reaches past the window's right edge, each as `<tag> "its text" right=<px>`; [] when everything
 * is within the window. Stricter than hasHorizontalScroll: a table scrolling inside its own box
 * leaves the page itself no wider, but its hidden columns reach past the edge and are counted here.
 */
export async function elementsPastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = window.innerWidth + 1;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Nothing drawn (display: none, an empty node), or wholly off to the left (the closed menu drawer).
        if (box.width === 0 || box.height === 0 || box.right <= 0) return false;
        return box.right > edge && getComputedStyle(element).visibility !== 'hidden';
      })
      .map((element) => {
        const text = (element.textContent ?? '').trim().replaceAll(/\s+/g, ' ').slice(0, 40);
        return `<${element.tagName.toLowerCase()}> "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
      });
  });
}
