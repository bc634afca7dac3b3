/**
 * The exit screens as one chunk (the officers' three pages, and the member's part of /profile): a
 * chunk more would count once more towards the modules shared often enough to join the chunks
 * every first visit loads (vite.config.ts codeSplitting, docs/decisions/029-page-weight.md).
 */
export { ExitsPage } from './exits-page.tsx';
export { ExitDetailPage } from './exit-detail-page.tsx';
export { ExitStatementPage } from './exit-statement-page.tsx';
export { MemberExitSection } from './member-exit-section.tsx';
