import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { LOAN_STATUS_LABELS, YEAR_END_METHOD_LABELS, formatNaira, formatRate, type YearEndPack } from '@kobo/core';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { PackTable, type PackColumn } from './pack-table.tsx';

const money = (label: string): PackColumn => ({ label, isMoney: true });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id} data-pack-section>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function IncomeSection({ pack }: { pack: YearEndPack }) {
  const view = pack.incomeAndExpenditure;
  const columns = [{ label: 'Account' }, money(String(pack.year)), money(String(view.lastYear.year))];
  const rows = (accounts: typeof view.income) => accounts.map((row) => [`${row.code} ${row.name}`, formatNaira(row.thisYearKobo), formatNaira(row.lastYearKobo)]);
  return (
    <Section id="pack-income" title="Income and expenditure">
      <PackTable label="Income" columns={columns} rows={rows(view.income)} foot={['Total income', formatNaira(view.incomeKobo.thisYearKobo), formatNaira(view.incomeKobo.lastYearKobo)]} />
      <PackTable
        label="Expenditure"
        columns={columns}
        rows={rows(view.expenditure)}
        foot={['Total expenditure', formatNaira(view.expenditureKobo.thisYearKobo), formatNaira(view.expenditureKobo.lastYearKobo)]}
      />
      <Text fw={700}>
        Surplus: {formatNaira(view.surplusKobo.thisYearKobo)} ({view.lastYear.year}: {formatNaira(view.surplusKobo.lastYearKobo)})
      </Text>
    </Section>
  );
}

export function BalanceSheetSection({ pack }: { pack: YearEndPack }) {
  const sheet = pack.balanceSheet;
  const columns = [{ label: 'Account' }, money('Balance')];
  const rows = (accounts: typeof sheet.assets) => accounts.map((row) => [`${row.code} ${row.name}`, formatNaira(row.balanceKobo)]);
  return (
    <Section id="pack-balance-sheet" title={`Balance sheet at ${formatCalendarDate(pack.to)}`}>
      <PackTable label="Assets" columns={columns} rows={rows(sheet.assets)} foot={['Total assets', formatNaira(sheet.totalAssetsKobo)]} />
      <PackTable label="Liabilities" columns={columns} rows={rows(sheet.liabilities)} foot={['Total liabilities', formatNaira(sheet.totalLiabilitiesKobo)]} />
      <PackTable
        label="Equity"
        columns={columns}
        rows={[...rows(sheet.equity), ['Surplus not yet closed', formatNaira(sheet.surplusToDateKobo)]]}
        foot={['Total equity', formatNaira(sheet.totalEquityKobo)]}
      />
    </Section>
  );
}

export function AppropriationSection({ pack }: { pack: YearEndPack }) {
  const voted = pack.appropriation;
  if (!voted) {
    return (
      <Section id="pack-appropriation" title="Appropriation">
        <Text>{pack.appropriationMissing ?? 'No run of this year is approved or posted.'}</Text>
      </Section>
    );
  }
  const { run } = voted;
  const rows = [
    ['Surplus', formatNaira(run.surplusKobo)],
    ['Reserve fund', formatNaira(run.reserveKobo)],
    [`Dividend on shares (${formatRate(run.dividend.rateBp)}, ${YEAR_END_METHOD_LABELS[run.dividend.method]})`, formatNaira(run.dividend.amountKobo)],
    ...run.interest.map((entry) => [`Interest on ${entry.productName} (${formatRate(entry.rateBp)}, ${YEAR_END_METHOD_LABELS[entry.method]})`, formatNaira(entry.amountKobo)]),
    ['Education fund', formatNaira(run.educationFundKobo)],
    ['Welfare fund', formatNaira(run.welfareFundKobo)],
    ['Carried forward', formatNaira(run.carriedForwardKobo)],
  ];
  return (
    <Section id="pack-appropriation" title={`Appropriation (${voted.source})`}>
      <PackTable label="Appropriation" columns={[{ label: 'Part' }, money('Amount')]} rows={rows} />
      <PackTable
        label="Each part reconciled"
        columns={[{ label: 'Part' }, money('Appropriated'), money('Net'), money('Tax'), money('Rounding')]}
        rows={voted.parts.map((part) => [part.label, formatNaira(part.appropriatedKobo), formatNaira(part.netKobo), formatNaira(part.taxKobo), formatNaira(part.roundingKobo)])}
        foot={['Total', formatNaira(voted.totals.appropriatedKobo), formatNaira(voted.totals.netKobo), formatNaira(voted.totals.taxKobo), formatNaira(voted.totals.roundingKobo)]}
      />
    </Section>
  );
}

export function ScheduleSection({ pack }: { pack: YearEndPack }) {
  return (
    <Section id="pack-schedule" title="Dividend and interest schedule">
      {pack.schedule.length === 0 ? (
        <Text>No member&apos;s line: no run is approved or posted.</Text>
      ) : (
        <PackTable
          label="Dividend and interest schedule"
          columns={[{ label: 'Member' }, { label: 'Staff ID' }, { label: 'For' }, money('Basis'), money('Rate'), money('Gross'), money('Tax'), money('Net')]}
          rows={pack.schedule.map((line) => [line.name, line.staffId ?? '—', line.label, formatNaira(line.basisKobo), formatRate(line.rateBp), formatNaira(line.grossKobo), formatNaira(line.taxKobo), formatNaira(line.netKobo)])}
        />
      )}
    </Section>
  );
}

export function OfficersSection({ pack }: { pack: YearEndPack }) {
  const rows = pack.officers.flatMap((officer) =>
    officer.loans.length === 0
      ? [[officer.name, officer.role, 'None', '', '', '']]
      : officer.loans.map((loan) => [officer.name, officer.role, loan.productName, LOAN_STATUS_LABELS[loan.status], formatNaira(loan.principalKobo), formatNaira(loan.outstandingTotalKobo)]),
  );
  return (
    <Section id="pack-officers" title="Loans to officers">
      <PackTable label="Loans to officers" columns={[{ label: 'Officer' }, { label: 'Role' }, { label: 'Loan' }, { label: 'Status' }, money('Principal'), money('Outstanding')]} rows={rows} />
    </Section>
  );
}

export function ProductTotalsSection({ pack }: { pack: YearEndPack }) {
  const totals = pack.productTotals;
  return (
    <Section id="pack-products" title={`Members' savings and shares at ${formatCalendarDate(totals.asOf)}`}>
      <PackTable
        label="Savings and shares per product"
        columns={[{ label: 'Product' }, money('Members'), money('Balance')]}
        rows={totals.products.map((product) => [product.productName, String(product.holders), formatNaira(product.balanceKobo)])}
        foot={['Total', '', formatNaira(totals.totalKobo)]}
      />
    </Section>
  );
}

export function LoansSection({ pack }: { pack: YearEndPack }) {
  const { loans } = pack;
  return (
    <Section id="pack-loans" title={`Loans by status at ${formatCalendarDate(loans.asOf)}`}>
      <PackTable
        label="Loans by status"
        columns={[{ label: 'Status' }, money('Loans'), money('Principal'), money('Outstanding')]}
        rows={loans.byStatus.map((row) => [row.label, String(row.count), formatNaira(row.principalKobo), formatNaira(row.outstandingPrincipalKobo)])}
      />
      <PackTable
        label="Arrears ageing"
        columns={[{ label: 'Days overdue' }, money('Loans'), money('Overdue'), money('At risk')]}
        rows={loans.ageing.map((band) => [band.label, String(band.loanCount), formatNaira(band.overdueKobo), formatNaira(band.outstandingPrincipalKobo)])}
        foot={['In arrears', String(loans.arrearsCount), formatNaira(loans.arrearsKobo), '']}
      />
    </Section>
  );
}
