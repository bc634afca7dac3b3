import { Title } from '@mantine/core';

/** Issue 27: one account's general ledger (being built). */
export function AccountLedgerPage() {
  return <Title order={2}>General ledger</Title>;
}
