import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button, Grid, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { FaArrowLeft, FaExchangeAlt } from 'react-icons/fa';
import { can, MESSAGES, requestSentNotice, type SavingsAccountDetail, type SavingsPeriod, type SavingsTransactionView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useAccountDetail } from '../api/get-account-detail.ts';
import { ContributionForm } from './contribution-form.tsx';
import { NewTransactionForm } from './new-transaction-form.tsx';
import { PeriodFilter } from './period-filter.tsx';
import { SavingsSummaryCards } from './savings-summary-cards.tsx';
import { HolderProductAccounts } from './product-accounts.tsx';
import { StaffSummary } from './staff-summary.tsx';
import { StatementExport } from './statement-export.tsx';
import { ReverseTransactionModal } from './reverse-transaction-modal.tsx';
import { TransactionHistory } from './transaction-history.tsx';
import { DEFAULT_SAVINGS_PERIOD, SAVINGS_PERIODS, isSavingsPeriod } from './transaction-labels.ts';
import { RequestSentNotice } from './request-sent-notice.tsx';
import { TransferModal, type TransferOutcome } from './transfer-modal.tsx';

/** SPEC 2: admin only, and the auditor to read (issue 27); everyone else goes back to /savings. */
export function StaffSavingsDetailPage() {
  const role = useSession().data?.role;
  if (!can(role, 'view_staff_savings')) return <Navigate to={paths.savings.list} replace />;
  return <StaffSavingsDetail canManage={can(role, 'manage_staff_savings')} />;
}

function StaffSavingsDetail({ canManage }: { canManage: boolean }) {
  const { staffId = '' } = useParams();
  // The period lives in the address (?period=week), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('period');
  const period: SavingsPeriod = isSavingsPeriod(requested) ? requested : DEFAULT_SAVINGS_PERIOD;
  const detail = useAccountDetail(staffId, period);

  function choosePeriod(next: SavingsPeriod) {
    setSearchParams(next === DEFAULT_SAVINGS_PERIOD ? {} : { period: next }, { replace: true });
  }

  return (
    <>
      <Button component={Link} to={paths.savings.list} variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />} mb="sm">
        Back to Staff List
      </Button>
      <PageTitle>Staff Savings Detail</PageTitle>
      {detail.isPending ? (
        <PageLoading />
      ) : detail.isError ? (
        <ErrorBanner message={errorMessage(detail.error, MESSAGES.loadStaffSavingsDetailFailed)} />
      ) : (
        <DetailBody detail={detail.data} period={period} onPeriodChange={choosePeriod} canManage={canManage} />
      )}
    </>
  );
}

/** `canManage`: posting, transferring, setting the contribution and reversing; the auditor only reads and exports. */
type BodyProps = { detail: SavingsAccountDetail; period: SavingsPeriod; onPeriodChange: (period: SavingsPeriod) => void; canManage: boolean };

function DetailBody({ detail, period, onPeriodChange, canManage }: BodyProps) {
  const [isTransferOpen, transferModal] = useDisclosure(false);
  const [reversing, setReversing] = useState<SavingsTransactionView | null>(null);
  const [requestNotice, setRequestNotice] = useState<string | null>(null);
  const flash = useFlashMessage();
  const { account } = detail;
  const periodLabel = SAVINGS_PERIODS.find((option) => option.value === period)?.label ?? '';
  // A holder whose user record was deleted keeps their history, but nothing can be posted for them.
  const holderUserId = account.userId;
  const postableUserId = canManage ? holderUserId : null;

  function handleTransferred(outcome: TransferOutcome) {
    transferModal.close();
    if (outcome.posted) flash.show(MESSAGES.transferProcessed);
    // Issue 15: above the threshold the transfer waits for a second administrator; nothing moved.
    else setRequestNotice(requestSentNotice(outcome.request));
  }

  function handleReversed() {
    setReversing(null);
    flash.show(MESSAGES.transactionReversed);
  }

  return (
    <Stack gap="md">
      <StaffSummary
        account={account}
        actions={
          postableUserId && (
            <Button leftSection={<FaExchangeAlt aria-hidden />} onClick={transferModal.open}>
              Transfer
            </Button>
          )
        }
      />
      <SuccessBanner message={flash.message} />
      <RequestSentNotice message={requestNotice} onClose={() => setRequestNotice(null)} />
      <Group justify="space-between" gap="sm">
        <PeriodFilter value={period} onChange={onPeriodChange} />
      </Group>
      <SavingsSummaryCards summary={detail.summary} periodLabel={periodLabel} />
      {/* Issue 29: the holder's other savings products; a holder whose user record is gone has none to read. */}
      {holderUserId && <HolderProductAccounts holderRef={holderUserId} />}
      {postableUserId && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <NewTransactionForm holderUserId={postableUserId} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <ContributionForm userId={postableUserId} search={account.staffId ?? account.email ?? ''} />
              <StatementExport userId={postableUserId} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {!canManage && holderUserId && <StatementExport userId={holderUserId} />}
      <TransactionHistory
        transactions={detail.transactions}
        showProcessedBy
        title={`Transactions: ${periodLabel}`}
        onReverse={canManage ? setReversing : undefined}
      />
      {canManage && <ReverseTransactionModal transaction={reversing} onClose={() => setReversing(null)} onReversed={handleReversed} />}
      {postableUserId && (
        <TransferModal
          source={{ userId: postableUserId, name: account.holderName, balanceKobo: account.balanceKobo, heldKobo: account.heldKobo, pendingKobo: account.pendingKobo, availableKobo: account.availableKobo }}
          opened={isTransferOpen}
          onClose={transferModal.close}
          onTransferred={handleTransferred}
        />
      )}
    </Stack>
  );
}
