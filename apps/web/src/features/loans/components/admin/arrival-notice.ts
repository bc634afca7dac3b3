/**
 * A success message carried to the page an action opens, in the router's location state: a new
 * application opens on its loan's page, and that page says it was sent.
 */
export function withNotice(notice: string): { notice: string } {
  return { notice };
}

/** The message a page was opened with, if any (location state is whatever history holds). */
export function noticeOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
}
