import { Fragment, type ReactNode } from 'react';
import { Table } from '@mantine/core';
import type { BookReportRow } from '@kobo/core';
import { AccountLink } from './account-link.tsx';
import { MoneyCell } from './money-cell.tsx';
import classes from './books.module.css';

type Props = {
  title: string;
  rows: BookReportRow[];
  /** A line that is no account's, before the total (the balance sheet's surplus to date). */
  extra?: ReactNode;
  totalLabel: string;
  totalKobo: number;
};

/** A heading row, each account's row (opening its ledger), and the section's total. */
export function ReportSection({ title, rows, extra, totalLabel, totalKobo }: Props) {
  return (
    <Fragment>
      <Table.Tr className={classes.section}>
        <Table.Th scope="colgroup" colSpan={2}>
          {title}
        </Table.Th>
      </Table.Tr>
      {rows.map((row) => (
        <Table.Tr key={row.accountId}>
          <Table.Td>
            <AccountLink accountId={row.accountId} code={row.code} name={row.name} />
          </Table.Td>
          <MoneyCell kobo={row.balanceKobo} />
        </Table.Tr>
      ))}
      {extra}
      <Table.Tr className={classes.total}>
        <Table.Th scope="row">{totalLabel}</Table.Th>
        <MoneyCell kobo={totalKobo} />
      </Table.Tr>
    </Fragment>
  );
}
