import { Button, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdvice } from '../api/get-advice.ts';
import { useRemittance } from '../api/remittance.ts';
import { MatchResult } from './match-result.tsx';
import { RemittanceEntry } from './remittance-entry.tsx';

type Props = { month: string; canManage: boolean; onAdvice: () => void };

/**
 * Step 2 (issue 30): what payroll actually remitted, against the issued advice. Before posting,
 * the officer uploads payroll's file or keys amounts, matches and posts; afterwards the posted
 * remittance is shown as kept.
 */
export function RemittancePanel({ month, canManage, onAdvice }: Props) {
  const advice = useAdvice(month);
  const isPosted = advice.data?.advice.remittancePosted ?? false;
  const posted = useRemittance(month, isPosted);

  if (advice.isPending || (isPosted && posted.isPending)) return <PageLoading />;
  const failure = advice.error ?? posted.error;
  if (failure) return <ErrorBanner message={errorMessage(failure, MESSAGES.serverError)} />;
  const detail = advice.data;
  if (!detail || detail.advice.status !== 'issued') {
    return (
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" align="flex-start">
          <Text>{detail ? MESSAGES.payrollAdviceNotIssued : MESSAGES.payrollAdviceNotFound}</Text>
          <Button variant="light" onClick={onAdvice}>
            Go to the advice
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (posted.data) {
    const { remittance, members } = posted.data;
    return (
      <MatchResult
        title="Posted remittance"
        counts={remittance.counts}
        totals={remittance.totals}
        bankAmountKobo={remittance.bankAmountKobo}
        members={members}
        note={`Posted by ${remittance.postedByName}${remittance.fileName ? ` from ${remittance.fileName}` : ' as keyed'}.`}
      />
    );
  }
  if (!canManage) return <Text c="dimmed">{MESSAGES.remittanceNotFound}</Text>;
  return <RemittanceEntry month={month} detail={detail} />;
}
