import { Suspense, type ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMySavings } from '../api/get-my-savings.ts';
import { BalanceCard } from './balance-card.tsx';
import { MyRequests } from './my-requests.tsx';
import { MyProductAccounts } from './product-accounts.tsx';
import { NewTransactionForm } from './new-transaction-form.tsx';
import { StatementExport } from './statement-export.tsx';
import { TransactionHistory } from './transaction-history.tsx';

/**
 * /savings for a regular user (SPEC 2, DECISIONS 8): their balance, their own postings and history.
 * `loansSection` is the loans feature's part of the page (issue 12), handed in by the router because
 * features never import each other.
 */
export function UserSavings({ loansSection }: { loansSection?: ReactNode }) {
  const savings = useMySavings();
  return (
    <>
      <PageTitle>My Savings</PageTitle>
      {savings.isPending ? (
        <PageLoading />
      ) : savings.isError ? (
        <ErrorBanner message={errorMessage(savings.error, MESSAGES.loadSavingsFailed)} />
      ) : (
        <Stack gap="md">
          <BalanceCard balanceKobo={savings.data.account.balanceKobo} heldKobo={savings.data.account.heldKobo} pendingKobo={savings.data.account.pendingKobo} availableKobo={savings.data.account.availableKobo} lastUpdated={savings.data.account.lastUpdated} />
          {/* Issue 29: shares, target savings and fixed deposits beside ordinary savings. */}
          <MyProductAccounts />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <NewTransactionForm />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <StatementExport />
            </Grid.Col>
          </Grid>
          {/* Issue 15: their New Transaction may wait for an administrator; here is where it stands. */}
          <MyRequests />
          {loansSection && <Suspense fallback={<PageLoading />}>{loansSection}</Suspense>}
          <TransactionHistory transactions={savings.data.transactions} showProcessedBy={false} />
        </Stack>
      )}
    </>
  );
}
