import { Suspense, lazy, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FaPlus } from 'react-icons/fa';
import { MESSAGES, type LoanStatus, type LoanView, type MyLoans } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth/session.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { useMyLoans } from '../../api/holder-get-my-loans.ts';
import type { MyGuarantee } from './guaranteed-loans.tsx';
import { myGuarantee } from './loan-figures.ts';

// The application form (its pickers, amount input and validation) loads when someone first
// opens it, not with every visit to the savings page (issue 13, page weight).
const ApplyLoanModal = lazy(async () => ({ default: (await import('./apply-loan-modal.tsx')).ApplyLoanModal }));
// The loan cards load only for someone who has loans or guarantees; most members have none.
// Issue 33: a debt between a borrower and a guarantor exists only for someone who borrowed or
// guaranteed, so no one else's first visit loads or asks for it.
const GuarantorClaimsCard = lazy(async () => ({ default: (await import('./guarantor-claims-card.tsx')).GuarantorClaimsCard }));
const LoansBody = lazy(async () => ({ default: (await import('./loans-body.tsx')).LoansBody }));

/** Loans whose guarantees still hold savings: until repaid, written off, refused or withdrawn. */
const BINDING: readonly LoanStatus[] = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'];

/**
 * A savings holder's loans (issue 12), on their savings page: guarantee requests awaiting their
 * answer first, then their own loans, then the loans they stand behind; and the way to apply.
 */
export function HolderLoansSection() {
  const loans = useMyLoans();
  const myUserId = useSession().data?.id;
  const [hasApplyOpened, setHasApplyOpened] = useState(false);
  const [isApplying, applyModal] = useDisclosure(false, { onOpen: () => setHasApplyOpened(true) });
  const flash = useFlashMessage();
  const applyButton = (
    <Button leftSection={<FaPlus aria-hidden />} onClick={applyModal.open}>
      Apply for a loan
    </Button>
  );
  const sorted = loans.data ? sortLoans(loans.data, myUserId) : null;
  const isEmpty = sorted !== null && sorted.own.length + sorted.asked.length + sorted.guaranteed.length === 0;

  function handleApplied() {
    applyModal.close();
    flash.show(MESSAGES.loanApplied);
  }

  return (
    <Stack gap="sm" component="section" aria-label="My Loans">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          My Loans
        </Title>
        {loans.isSuccess && !isEmpty && applyButton}
      </Group>
      <SuccessBanner message={flash.message} />
      {loans.data && loans.data.loans.length + loans.data.guaranteeRequests.length > 0 && (
        <Suspense fallback={null}>
          <GuarantorClaimsCard />
        </Suspense>
      )}
      {loans.isPending ? (
        <PageLoading />
      ) : loans.isError || !sorted ? (
        <ErrorBanner message={errorMessage(loans.error, MESSAGES.loadLoansFailed)} />
      ) : isEmpty ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{MESSAGES.noLoansYet}</Text>
            {applyButton}
          </Stack>
        </Paper>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <LoansBody sorted={sorted} onMessage={flash.show} />
        </Suspense>
      )}
      {hasApplyOpened && (
        <Suspense fallback={null}>
          <ApplyLoanModal opened={isApplying} onClose={applyModal.close} onApplied={handleApplied} />
        </Suspense>
      )}
    </Stack>
  );
}

export type SortedLoans = { own: LoanView[]; asked: MyGuarantee[]; guaranteed: MyGuarantee[] };

/**
 * Requests still awaiting this holder's answer, and guarantees they gave that still bind; declined,
 * released or closed ones drop out. A request on a running loan is one in a leaving member's place (issue 32).
 */
function sortLoans(loans: MyLoans, myUserId: string | undefined): SortedLoans {
  const sorted: SortedLoans = { own: loans.loans, asked: [], guaranteed: [] };
  for (const loan of loans.guaranteeRequests) {
    const mine = myGuarantee(loan, myUserId);
    if (mine?.status === 'pending' && BINDING.includes(loan.status)) sorted.asked.push({ loan, myShareKobo: mine.amountKobo });
    else if (mine?.status === 'accepted' && BINDING.includes(loan.status)) sorted.guaranteed.push({ loan, myShareKobo: mine.amountKobo });
  }
  return sorted;
}
