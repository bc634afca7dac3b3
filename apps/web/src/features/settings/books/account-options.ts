import type { AccountKind, Book, LedgerAccountView } from '@kobo/core';

export function accountLabel(account: Pick<LedgerAccountView, 'code' | 'name'>): string {
  return `${account.code} ${account.name}`;
}

/**
 * The accounts a mapping's select offers: live, of its book and kind, never a control account (the
 * server refuses the rest). The current one stays listed even if it no longer fits, so the select
 * shows what stands.
 */
export function mappableOptions(accounts: LedgerAccountView[], book: Book, kind: AccountKind, currentId: string | null): { value: string; label: string }[] {
  return accounts
    .filter((account) => account.id === currentId || (account.book === book && account.kind === kind && !account.retired && account.subledger === null))
    .map((account) => ({ value: account.id, label: account.retired ? `${accountLabel(account)} (retired)` : accountLabel(account) }));
}
