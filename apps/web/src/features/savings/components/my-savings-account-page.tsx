import { Suspense, type ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMySavings } from '../api/get-my-savings.ts';
import { BalanceCard } from './balance-card.tsx';
import { MyRequests } from './my-requests.tsx';
import { MyProductAccounts } from './product-accounts.tsx';
import { MyArrears } from './my-arrears.tsx';
import { StatementExport } from './statement-export.tsx';
import { TransactionHistory } from './transaction-history.tsx';

/**
 * SPEC 2 "My Savings Account" (/staff-savings, active staff): who, how much, since when, and the
 * history. `loansSection` is the loans feature's part of the page (issue 12), handed in by the
 * router because features never import each other.
 */
export function MySavingsAccountPage({ loansSection }: { loansSection?: ReactNode }) {
  const savings = useMySavings();
  return (
    <>
      <PageTitle>My Savings Account</PageTitle>
      {savings.isPending ? (
        <PageLoading />
      ) : savings.isError ? (
        <ErrorBanner message={errorMessage(savings.error, MESSAGES.loadSavingsFailed)} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <BalanceCard balanceKobo={savings.data.account.balanceKobo} heldKobo={savings.data.account.heldKobo} pendingKobo={savings.data.account.pendingKobo} availableKobo={savings.data.account.availableKobo} lastUpdated={savings.data.account.lastUpdated}>
              <SimpleGrid cols={2} spacing="xs" component="dl" mt={0} mb="sm">
                <div>
                  <Text component="dt" size="sm" c="dimmed">
                    Staff ID
                  </Text>
                  <Text component="dd" m={0} fw={600}>
                    {savings.data.account.staffId ?? '—'}
                  </Text>
                </div>
                <div>
                  <Text component="dt" size="sm" c="dimmed">
                    Name
                  </Text>
                  <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {savings.data.account.holderName}
                  </Text>
                </div>
              </SimpleGrid>
            </BalanceCard>
            <StatementExport />
          </SimpleGrid>
          {/* Issue 29: shares, target savings and fixed deposits beside ordinary savings. */}
          <MyProductAccounts />
          {/* Issue 30: contributions payroll did not remit, only when the member owes any. */}
          <MyArrears />
          {/* Issue 15: an administrator's withdrawal or transfer on their account that waits for a second one. */}
          <MyRequests isReadOnly />
          {loansSection && <Suspense fallback={<PageLoading />}>{loansSection}</Suspense>}
          <TransactionHistory transactions={savings.data.transactions} showProcessedBy={false} />
        </Stack>
      )}
    </>
  );
}
