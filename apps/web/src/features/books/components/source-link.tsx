import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { JournalSourceLink } from '@kobo/core';
import { paths } from '../../../lib/paths.ts';

const LINK_TEXT: Record<NonNullable<JournalSourceLink>['kind'], string> = {
  savings_account: 'Open the savings account',
  loan: 'Open the loan',
  expense: 'Open the expense',
  savings_batch: 'Open the batch',
};

/** A link to what made an entry (a member's savings, a loan, an expense), or nothing (a manual entry). */
export function SourceLink({ link }: { link: JournalSourceLink }) {
  if (!link) return null;
  let path: string | null;
  switch (link.kind) {
    case 'savings_account':
      // The holder's page, by the staff ID or user id the server sends; a deleted holder has none.
      path = link.ref ? paths.savings.detail(link.ref) : null;
      break;
    case 'loan':
      path = paths.loans.detail(link.id);
      break;
    case 'expense':
      path = paths.expenses.edit(link.id);
      break;
    case 'savings_batch':
      path = `${paths.savingsRuns}?tab=history&batch=${encodeURIComponent(link.id)}`;
      break;
  }
  if (!path) return null;
  return (
    <Anchor component={Link} to={path} size="sm">
      {LINK_TEXT[link.kind]}
    </Anchor>
  );
}
