import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Grid, Stack } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { can, MESSAGES, type LoanDetail } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../../components/page-title.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth/session.ts';
import { paths } from '../../../../lib/paths.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { useLoan } from '../../api/admin-get-loan.ts';
import { noticeOf } from './arrival-notice.ts';
import { ScheduleTable } from '../schedule-table.tsx';
import { LoanActions } from './loan-actions.tsx';
import { LoanEligibilitySection } from './loan-eligibility-section.tsx';
import { LoanGuarantorsSection } from './loan-guarantors-section.tsx';
import { LoanHistorySection } from './loan-history-section.tsx';
import { LoanPositionSection } from './loan-position-section.tsx';
import { LoanSummary } from './loan-summary.tsx';
import { LoanTopUpSection } from './loan-top-up-section.tsx';
import { PenaltiesSection } from './penalties-section.tsx';
import { RecoverySection } from './recovery-section.tsx';
import { Section } from './section.tsx';

/**
 * /loans/:id (officers): one loan's terms, what the borrower's savings support, the guarantors'
 * answers, the schedule and, once disbursed, where it stands and its ledger's history; the
 * actions its status allows, and the reversal of a ledger entry. The auditor (issue 27) reads it all
 * and is offered no action.
 */
export function LoanReviewPage() {
  const { id = '' } = useParams();
  const detail = useLoan(id);
  const { loan } = detail.data ?? {};
  return (
    <>
      <Button component={Link} to={paths.loans.list} variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />} mb="sm">
        Back to Loans
      </Button>
      <PageTitle>{loan ? `${loan.borrower.name}: ${loan.productName}` : 'Loan'}</PageTitle>
      {detail.isPending ? (
        <PageLoading />
      ) : detail.isError ? (
        <ErrorBanner message={errorMessage(detail.error, MESSAGES.loadLoansFailed)} />
      ) : (
        <LoanReview detail={detail.data} />
      )}
    </>
  );
}

function LoanReview({ detail }: { detail: LoanDetail }) {
  const { loan, eligibility } = detail;
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const flash = useFlashMessage();
  useArrivalNotice(flash.show);
  return (
    <Stack gap="md">
      <LoanSummary loan={loan} actions={canManage && <LoanActions loan={loan} onDone={flash.show} onStart={flash.clear} />} />
      <SuccessBanner message={flash.message} />
      {loan.ledger && <LoanPositionSection loan={loan} ledger={loan.ledger} />}
      {loan.ledger && <LoanTopUpSection loan={loan} canManage={canManage} onDone={flash.show} onStart={flash.clear} />}
      {loan.ledger && <PenaltiesSection loan={loan} canManage={canManage} onDone={flash.show} onStart={flash.clear} />}
      {loan.ledger && <RecoverySection loan={loan} canManage={canManage} onDone={flash.show} onStart={flash.clear} />}
      {loan.ledger && (
        <LoanHistorySection loan={loan} entries={loan.ledger.entries} canManage={canManage} onDone={flash.show} onStart={flash.clear} />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LoanEligibilitySection loan={loan} eligibility={eligibility} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LoanGuarantorsSection loan={loan} />
        </Grid.Col>
      </Grid>
      <Section title="Schedule">
        <ScheduleTable
          schedule={loan.schedule}
          positions={loan.ledger?.instalments}
          asOf={loan.ledger?.asOf}
          kind={loan.kind}
          caption={loan.ledger ? 'Repayment schedule' : 'Repayment schedule if disbursed this month'}
        />
      </Section>
    </Stack>
  );
}

/**
 * Shows the message this page was opened with (an application just sent), then forgets it, so a
 * reload or coming back to the page does not say it again.
 */
function useArrivalNotice(show: (message: string) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  useEffect(() => {
    if (!notice) return;
    show(notice);
    void navigate(location.pathname, { replace: true, state: null });
  }, [notice, show, navigate, location.pathname]);
}
