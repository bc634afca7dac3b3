import { Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { formatNaira, formatRate, loanChargeHeading, loanChargeLabels, type ExitStatement } from '@kobo/core';
import { FactList } from '../../../components/fact-list.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import classes from './exits.module.css';
import { nairaInWords } from './naira-words.ts';

type Props = {
  statement: ExitStatement;
  /** The print view keeps tables on paper whatever the window's width. */
  isPrint?: boolean;
};

/**
 * A settlement statement (issue 32, step 3): every product's balance and pro rata interest, each
 * loan's payoff, the exit fee, then the net payable or the shortfall in figures and words, what
 * guarantors recover, and who is paid how much. Tables at a desktop's width, cards on a phone.
 */
export function StatementView({ statement, isPrint = false }: Props) {
  const isWide = useIsWideScreen();
  if (!isPrint) return <StatementBody statement={statement} isTable={isWide} idPrefix="exit" />;
  // The print view: cards on a phone's screen, tables on paper whatever the screen (CSS decides,
  // since the browser lays out for paper without asking React again).
  return (
    <>
      <div className={classes.paperOnly}>
        <StatementBody statement={statement} isTable idPrefix="exit-paper" />
      </div>
      <div className={classes.phoneOnly}>
        <StatementBody statement={statement} isTable={false} idPrefix="exit-phone" />
      </div>
    </>
  );
}

function StatementBody({ statement, isTable, idPrefix }: { statement: ExitStatement; isTable: boolean; idPrefix: string }) {
  return (
    <Stack gap="md" data-statement>
      <Outcome statement={statement} />
      <Section title="Savings" id={`${idPrefix}-savings`}>
        {statement.products.length === 0 ? <Text c="dimmed">The member holds no savings account.</Text> : isTable ? <ProductsTable statement={statement} /> : <ProductCards statement={statement} />}
      </Section>
      <Section title="Loans paid off" id={`${idPrefix}-loans`}>
        {statement.loans.length === 0 ? <Text c="dimmed">No loan is running.</Text> : isTable ? <LoansTable statement={statement} /> : <LoanCards statement={statement} />}
      </Section>
      <FactList
        cols={{ base: 2, sm: 4 }}
        facts={[
          { label: 'Savings', value: formatNaira(statement.savingsKobo) },
          { label: 'Interest to the date', value: formatNaira(statement.interestKobo) },
          { label: 'Loan payoffs', value: formatNaira(statement.payoffKobo) },
          { label: 'Exit fee', value: formatNaira(statement.exitFeeKobo) },
        ]}
      />
      {statement.recoveries.length > 0 && (
        <Section title="Recovered from guarantors" id={`${idPrefix}-recoveries`}>
          <Rows
            label="Recovered from guarantors"
            isTable={isTable}
            headings={['Guarantor', 'Guaranteed', 'Pays']}
            rows={statement.recoveries.map((recovery) => ({ key: `${recovery.loanId}:${recovery.userId}`, cells: [recovery.name, formatNaira(recovery.guaranteedKobo), formatNaira(recovery.amountKobo)] }))}
          />
        </Section>
      )}
      {statement.memberPaysKobo > 0 && <Text>The member pays in {formatNaira(statement.memberPaysKobo)} to meet the shortfall.</Text>}
      {statement.payableKobo === 0 && <Text>Nothing is paid out.</Text>}
      {statement.payableKobo > 0 && statement.payees.length > 0 && (
        <Section title="Paid to" id={`${idPrefix}-payees`}>
          <Rows
            label="Paid to"
            isTable={isTable}
            headings={['Payee', 'Share', 'Amount']}
            rows={statement.payees.map((payee, index) => ({
              key: `${payee.name}:${index}`,
              cells: [payee.relationship ? `${payee.name} (${payee.relationship})` : payee.name, formatShare(payee.shareBp), formatNaira(payee.amountKobo)],
            }))}
          />
        </Section>
      )}
    </Stack>
  );
}

function formatShare(bp: number): string {
  return `${bp / 100}%`;
}

/** The net payable, or the shortfall and how it is met, in figures and in words. */
function Outcome({ statement }: { statement: ExitStatement }) {
  const isShort = statement.shortfallKobo > 0;
  return (
    <div data-exit-outcome>
      <Text size="sm" c="dimmed">
        Worked out to {formatCalendarDate(statement.settlementDate)}
      </Text>
      {isShort ? (
        <>
          <Text fw={700} size="lg">
            Shortfall: {formatNaira(statement.shortfallKobo)}
          </Text>
          <Text size="sm">{nairaInWords(statement.shortfallKobo)}: what the member owes beyond their savings.</Text>
          <Text size="sm" fw={600}>
            {statement.shortfallChoice === 'guarantors'
              ? 'Recovered from the guarantors of the member’s loans, in their guaranteed shares (below).'
              : statement.shortfallChoice === 'member_pays'
                ? `The member pays in ${formatNaira(statement.memberPaysKobo)}.`
                : 'Not met yet: the member pays it in, or it is recovered from the guarantors.'}
          </Text>
        </>
      ) : (
        <>
          <Text fw={700} size="lg">
            Net payable: {formatNaira(statement.payableKobo)}
          </Text>
          <Text size="sm">{nairaInWords(statement.payableKobo)}</Text>
        </>
      )}
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function interestNote(rateBp: number, days: number): string {
  return rateBp > 0 ? `${formatRate(rateBp)} for ${days} day${days === 1 ? '' : 's'}` : '—';
}

function ProductsTable({ statement }: { statement: ExitStatement }) {
  return (
    <Table aria-label="Savings" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th className={classes.money}>Balance</Table.Th>
          <Table.Th>Pro rata</Table.Th>
          <Table.Th className={classes.money}>Interest</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statement.products.map((product) => (
          <Table.Tr key={product.accountId}>
            <Table.Td>{product.name}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(product.balanceKobo)}</Table.Td>
            <Table.Td>{interestNote(product.rateBp, product.days)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(product.interestKobo)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr className={classes.total}>
          <Table.Td>Total</Table.Td>
          <Table.Td className={classes.money}>{formatNaira(statement.savingsKobo)}</Table.Td>
          <Table.Td />
          <Table.Td className={classes.money}>{formatNaira(statement.interestKobo)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function ProductCards({ statement }: { statement: ExitStatement }) {
  return (
    <ul className={classes.list} aria-label="Savings">
      {statement.products.map((product) => (
        <li key={product.accountId} className={classes.card}>
          <Text fw={600}>{product.name}</Text>
          <FactList
            cols={2}
            facts={[
              { label: 'Balance', value: formatNaira(product.balanceKobo) },
              { label: 'Interest', value: product.rateBp > 0 ? `${formatNaira(product.interestKobo)} (${interestNote(product.rateBp, product.days)})` : formatNaira(product.interestKobo) },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

function LoansTable({ statement }: { statement: ExitStatement }) {
  return (
    <Table aria-label="Loans paid off" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Loan</Table.Th>
          <Table.Th className={classes.money}>Principal</Table.Th>
          <Table.Th className={classes.money}>{loanChargeHeading(statement.loans.map((loan) => loan.kind))}</Table.Th>
          <Table.Th className={classes.money}>Fees and penalties</Table.Th>
          <Table.Th className={classes.money}>Payoff</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statement.loans.map((loan) => (
          <Table.Tr key={loan.loanId}>
            <Table.Td>{loan.productName}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(loan.principalKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(loan.interestKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(loan.feeKobo + loan.penaltyKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(loan.payoffKobo)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LoanCards({ statement }: { statement: ExitStatement }) {
  return (
    <ul className={classes.list} aria-label="Loans paid off">
      {statement.loans.map((loan) => (
        <li key={loan.loanId} className={classes.card}>
          <Text fw={600}>{loan.productName}</Text>
          <FactList
            cols={2}
            facts={[
              { label: 'Principal', value: formatNaira(loan.principalKobo) },
              { label: loanChargeLabels(loan.kind).charge, value: formatNaira(loan.interestKobo) },
              { label: 'Fees and penalties', value: formatNaira(loan.feeKobo + loan.penaltyKobo) },
              { label: 'Payoff', value: formatNaira(loan.payoffKobo) },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

type RowsProps = { label: string; isTable: boolean; headings: [string, string, string]; rows: { key: string; cells: [string, string, string] }[] };

/** Three columns (a name, then two figures): a table, or on a phone a card per row. */
function Rows({ label, isTable, headings, rows }: RowsProps) {
  if (isTable) {
    return (
      <Table aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{headings[0]}</Table.Th>
            <Table.Th className={classes.money}>{headings[1]}</Table.Th>
            <Table.Th className={classes.money}>{headings[2]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.cells[0]}</Table.Td>
              <Table.Td className={classes.money}>{row.cells[1]}</Table.Td>
              <Table.Td className={classes.money}>{row.cells[2]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ul className={classes.list} aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className={classes.card}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.cells[0]}
          </Text>
          <FactList
            cols={2}
            facts={[
              { label: headings[1], value: row.cells[1] },
              { label: headings[2], value: row.cells[2] },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}
