import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { paths } from '../../../lib/paths.ts';

/** An account's code and name, opening its general ledger. */
export function AccountLink({ accountId, code, name }: { accountId: string; code: string; name: string }) {
  return (
    <Anchor component={Link} to={paths.books.account(accountId)} size="sm">
      {code} · {name}
    </Anchor>
  );
}
