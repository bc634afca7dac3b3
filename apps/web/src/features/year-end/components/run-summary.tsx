import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { YEAR_END_METHOD_LABELS, formatNaira, formatRate, type YearEndRun } from '@kobo/core';
import { FactList, type Fact } from '../../../components/fact-list.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS, surplusText } from './year-end-labels.ts';

/** Who did what, and when. */
function history(run: YearEndRun): string[] {
  const said = [`Proposed by ${run.createdByName}, ${formatDateTime(run.createdAt)}`];
  if (run.approvedAt) said.push(`Approved by ${run.approvedByName ?? '—'}, ${formatDateTime(run.approvedAt)}`);
  if (run.postedAt) said.push(`Posted by ${run.postedByName ?? '—'}, ${formatDateTime(run.postedAt)}`);
  if (run.reversedAt) said.push(`Reversed by ${run.reversedByName ?? '—'}, ${formatDateTime(run.reversedAt)}: ${run.reversalReason ?? ''}`);
  return said;
}

/** An appropriation no longer editable (approved, posted, reversed), or read by an auditor. */
export function RunSummary({ run }: { run: YearEndRun }) {
  const facts: Fact[] = [
    { label: 'Surplus', value: surplusText(run.surplusKobo) },
    { label: 'Reserve fund', value: formatNaira(run.reserveKobo) },
    { label: `Dividend (${formatRate(run.dividend.rateBp)}, ${YEAR_END_METHOD_LABELS[run.dividend.method]})`, value: formatNaira(run.dividend.amountKobo) },
    ...run.interest.map((entry) => ({ label: `Interest on ${entry.productName} (${formatRate(entry.rateBp)}, ${YEAR_END_METHOD_LABELS[entry.method]})`, value: formatNaira(entry.amountKobo) })),
    { label: 'Education fund', value: formatNaira(run.educationFundKobo) },
    { label: 'Welfare fund', value: formatNaira(run.welfareFundKobo) },
    { label: 'Carried forward', value: formatNaira(run.carriedForwardKobo) },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-summary">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="year-end-summary">
            Appropriation
          </Title>
          <Badge color={RUN_STATUS_COLORS[run.status]} variant="light">
            {RUN_STATUS_LABELS[run.status]}
          </Badge>
        </Group>
        <FactList cols={{ base: 1, xs: 2, sm: 3 }} facts={facts} />
        {history(run).map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
