import { useState } from 'react';
import { Badge, Card, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { MEMBER_OUTCOMES, formatNaira, type MatchedMember, type MemberOutcome, type RemittanceMatch } from '@kobo/core';
import { OUTCOME_COLORS, OUTCOME_LABELS } from './payroll-figures.ts';

const ROWS_PER_PAGE = 25;

type Props = {
  title: string;
  counts: RemittanceMatch['counts'];
  /** Remitted kobo per outcome; a posted remittance keeps only the totals. */
  outcomeKobo?: RemittanceMatch['outcomeKobo'];
  totals: RemittanceMatch['totals'];
  bankAmountKobo: number | null;
  members: MatchedMember[];
  note?: string;
};

/**
 * A match's verdict: each outcome counted (and totalled), the remittance's totals, and every
 * member's line with the deductions that were short or over. Shown before posting and, as kept,
 * after.
 */
export function MatchResult({ title, counts, outcomeKobo, totals, bankAmountKobo, members, note }: Props) {
  const [filter, setFilter] = useState<MemberOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  const shown = filter === 'all' ? members : members.filter((member) => member.outcome === filter);
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = shown.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {note && <Text size="sm">{note}</Text>}
        <Table aria-label="Outcomes" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Outcome</Table.Th>
              <Table.Th ta="right">Members</Table.Th>
              {outcomeKobo && <Table.Th ta="right">Remitted</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MEMBER_OUTCOMES.map((outcome) => (
              <Table.Tr key={outcome}>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[outcome]} variant="light" tt="none">
                    {OUTCOME_LABELS[outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{counts[outcome]}</Table.Td>
                {outcomeKobo && (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(outcomeKobo[outcome])}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="lg" wrap="wrap">
          <Figure label="Advised" kobo={totals.advisedKobo} />
          <Figure label="Remitted" kobo={totals.remittedKobo} />
          <Figure label="Paid" kobo={totals.paidKobo} />
          <Figure label="Short" kobo={totals.shortKobo} />
          <Figure label="Over" kobo={totals.overKobo} />
          {bankAmountKobo !== null && <Figure label="Bank amount" kobo={bankAmountKobo} />}
        </Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label="Show"
            data={[{ value: 'all', label: `All (${members.length})` }, ...MEMBER_OUTCOMES.map((outcome) => ({ value: outcome, label: `${OUTCOME_LABELS[outcome]} (${counts[outcome]})` }))]}
            value={filter}
            onChange={(value) => {
              setFilter(MEMBER_OUTCOMES.find((outcome) => outcome === value) ?? 'all');
              setPage(1);
            }}
            allowDeselect={false}
            maw={240}
            comboboxProps={{ withinPortal: true }}
          />
          {pageCount > 1 && <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />}
        </Group>
        <Stack gap="xs" role="list" aria-label="Members' lines">
          {rows.map((member, index) => (
            <MemberCard key={`${member.userId ?? member.ref}-${index}`} member={member} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Figure({ label, kobo }: { label: string; kobo: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatNaira(kobo)}
      </Text>
    </div>
  );
}

/** One member's line: outcome, advised against remitted, and each deduction short or over. */
function MemberCard({ member }: { member: MatchedMember }) {
  const uneven = member.deductions.filter((deduction) => deduction.outcome !== 'full');
  return (
    <Card withBorder radius="md" padding="sm" role="listitem">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name ?? member.ref}
          </Text>
          <Text size="xs" c="dimmed">
            {member.staffId ?? member.ref}
            {member.row !== null && ` · row ${member.row}`}
          </Text>
        </div>
        <Badge color={OUTCOME_COLORS[member.outcome]} variant="light" tt="none">
          {OUTCOME_LABELS[member.outcome]}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        Advised {formatNaira(member.advisedKobo)} · Remitted {formatNaira(member.remittedKobo)}
        {member.shortKobo > 0 && ` · Short ${formatNaira(member.shortKobo)}`}
        {member.overKobo > 0 && ` · Over ${formatNaira(member.overKobo)}`}
      </Text>
      {uneven.map((deduction) => (
        <Text size="xs" c="dimmed" key={deduction.key}>
          {deduction.label}: advised {formatNaira(deduction.advisedKobo)}, paid {formatNaira(deduction.paidKobo)} ({deduction.outcome === 'short' ? 'short' : 'over'})
        </Text>
      ))}
      {member.reason && (
        <Text size="sm" c="red" role="alert">
          {member.reason}
        </Text>
      )}
    </Card>
  );
}
