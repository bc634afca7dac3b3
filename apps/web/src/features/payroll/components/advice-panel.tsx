import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FaFileInvoice, FaPaperPlane } from 'react-icons/fa';
import { MESSAGES, formatNaira, monthLabel, type AdviceDetail, type AdviceLine } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList, type Fact } from '../../../components/fact-list.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIssueAdvice, usePrepareAdvice } from '../api/change-advice.ts';
import { useAdvice } from '../api/get-advice.ts';
import { AdviceDownload } from './advice-download.tsx';
import { AdviceLineModal } from './advice-line-modal.tsx';
import { AdviceLines } from './advice-lines.tsx';

type Props = { month: string; canManage: boolean };

/**
 * Step 1 (issue 30): the month's deduction advice. Prepare builds it from each member's standing
 * contributions, loans due and (when the scheme re-deducts them) arrears; officers change a line or
 * hold a member out; Issue freezes it as payroll receives it, and only then does it download.
 */
export function AdvicePanel({ month, canManage }: Props) {
  const advice = useAdvice(month);
  const prepare = usePrepareAdvice();
  const issue = useIssueAdvice();
  const [isIssuing, setIsIssuing] = useState(false);
  const [editing, setEditing] = useState<AdviceLine | null>(null);

  if (advice.isPending) return <PageLoading />;
  if (advice.isError) return <ErrorBanner message={errorMessage(advice.error, MESSAGES.serverError)} />;
  const detail = advice.data;
  const isDraft = detail?.advice.status === 'draft';

  function handlePrepare() {
    if (prepare.isPending) return;
    issue.reset();
    prepare.mutate(month);
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Deduction advice">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h4">
              Deduction advice for {monthLabel(month)}
            </Title>
            {detail && (
              <Badge color={isDraft ? 'gray' : 'green'} variant="light">
                {isDraft ? 'Draft' : 'Issued'}
              </Badge>
            )}
          </Group>
          {detail ? <AdviceFacts detail={detail} /> : <Text size="sm">{MESSAGES.payrollAdviceNotFound}</Text>}
          {canManage && (!detail || isDraft) && (
            <Group gap="sm">
              <Button variant={detail ? 'default' : 'filled'} leftSection={<FaFileInvoice aria-hidden />} loading={prepare.isPending} onClick={handlePrepare}>
                {detail ? 'Prepare again' : 'Prepare advice'}
              </Button>
              {detail && (
                <Button leftSection={<FaPaperPlane aria-hidden />} onClick={() => setIsIssuing(true)} disabled={prepare.isPending || detail.advice.memberCount === 0}>
                  Issue to payroll
                </Button>
              )}
            </Group>
          )}
          {prepare.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Preparing the advice from every member&apos;s contributions, loans and arrears…
            </Text>
          )}
          <ErrorBanner message={prepare.isError ? errorMessage(prepare.error, MESSAGES.serverError) : null} />
        </Stack>
      </Paper>
      {detail && detail.advice.status === 'issued' && <AdviceDownload month={month} />}
      {detail && detail.leftOut.length > 0 && (
        <Alert color="yellow" variant="light" title={`Left out: ${detail.leftOut.length}`}>
          <Stack gap={2}>
            {detail.leftOut.map((member) => (
              <Text size="sm" key={member.userId}>
                {member.name}: {member.reason}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {detail && <AdviceLines detail={detail} onEdit={canManage && isDraft ? setEditing : null} />}
      {detail && editing && <AdviceLineModal month={month} detail={detail} line={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={isIssuing}
        title="Issue to payroll"
        message={`Issue ${monthLabel(month)}'s advice to payroll? It is then kept as issued: no line can change, and the remittance is matched against it.`}
        confirmLabel="Issue"
        isPending={issue.isPending}
        error={issue.isError ? errorMessage(issue.error, MESSAGES.serverError) : null}
        onConfirm={() => issue.mutate(month, { onSuccess: () => setIsIssuing(false) })}
        onCancel={() => {
          setIsIssuing(false);
          issue.reset();
        }}
      />
    </Stack>
  );
}

function AdviceFacts({ detail }: { detail: AdviceDetail }) {
  const { advice } = detail;
  const facts: Fact[] = [
    { label: 'Members', value: String(advice.memberCount) },
    { label: 'Held out', value: String(advice.heldCount) },
    { label: 'Total to deduct', value: formatNaira(advice.totalKobo) },
    { label: 'Arrears', value: advice.redeductArrears ? 'Re-deducted' : 'Not re-deducted' },
    { label: 'Order', value: advice.allocationOrder === 'loans_first' ? 'Loans first' : 'Savings first' },
    ...(advice.issuedByName ? [{ label: 'Issued by', value: advice.issuedByName }] : []),
  ];
  return <FactList facts={facts} cols={{ base: 2, sm: 3 }} />;
}
