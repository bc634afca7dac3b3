import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, type YearEndSurplus } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSurplus } from '../api/get-surplus.ts';
import { surplusText } from './year-end-labels.ts';
import classes from './year-end.module.css';

/** Step 1: the income and expenditure accounts over the year and the surplus they leave. */
export function SurplusPanel({ year }: { year: number }) {
  const surplus = useSurplus(year);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-surplus">
      <Stack gap="sm">
        <Title order={2} size="h4" id="year-end-surplus">
          Surplus
        </Title>
        {surplus.isPending && <BusyIndicator />}
        <ErrorBanner message={surplus.error ? errorMessage(surplus.error, MESSAGES.loadBooksFailed) : null} />
        {surplus.data && <SurplusTable surplus={surplus.data} />}
      </Stack>
    </Paper>
  );
}

function Rows({ title, rows, total, totalLabel }: { title: string; rows: YearEndSurplus['income']; total: number; totalLabel: string }) {
  return (
    <>
      <Table.Tr>
        <Table.Th colSpan={2} scope="colgroup">
          {title}
        </Table.Th>
      </Table.Tr>
      {rows.map((row) => (
        <Table.Tr key={row.accountId}>
          <Table.Td>
            {row.code} {row.name}
          </Table.Td>
          <Table.Td className={classes.money}>{formatNaira(row.amountKobo)}</Table.Td>
        </Table.Tr>
      ))}
      <Table.Tr>
        <Table.Th scope="row">{totalLabel}</Table.Th>
        <Table.Td className={classes.money}>{formatNaira(total)}</Table.Td>
      </Table.Tr>
    </>
  );
}

function SurplusTable({ surplus }: { surplus: YearEndSurplus }) {
  return (
    <Table aria-label="Income and expenditure over the year" maw={640} className={classes.table}>
      <Table.Tbody>
        <Rows title="Income" rows={surplus.income} total={surplus.incomeKobo} totalLabel="Total income" />
        <Rows title="Expenditure" rows={surplus.expenditure} total={surplus.expenditureKobo} totalLabel="Total expenditure" />
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{surplus.surplusKobo < 0 ? 'Deficit for the year' : 'Surplus for the year'}</Table.Th>
          <Table.Td className={classes.money} data-surplus>
            <Text fw={700} span>
              {surplusText(surplus.surplusKobo)}
            </Text>
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
