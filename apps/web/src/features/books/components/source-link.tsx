import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { JournalSourceLink } from '@kobo/core';
import { paths } from '../../../lib/paths.ts';

const LINK_TEXT: Record<NonNullable<JournalSourceLink>['kind'], string> = {
  savings_account: 'Open the savings account',
  loan: 'Open the loan',
  expense: 'Open the expense',
};

/** Where an entry came from, for the screen that shows it; a manual entry has none. */
export function sourcePath(link: NonNullable<JournalSourceLink>): string {
  switch (link.kind) {
    case 'savings_account':
      return paths.savings.detail(link.id);
    case 'loan':
      return paths.loans.detail(link.id);
    case 'expense':
      return paths.expenses.edit(link.id);
  }
}

/** A link to what made an entry (a member's savings, a loan, an expense), or nothing. */
export function SourceLink({ link }: { link: JournalSourceLink }) {
  if (!link) return null;
  return (
    <Anchor component={Link} to={sourcePath(link)} size="sm">
      {LINK_TEXT[link.kind]}
    </Anchor>
  );
}
