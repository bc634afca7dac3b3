import { Table } from '@mantine/core';
import { formatNaira } from '@kobo/core';
import classes from './books.module.css';

/** A right-aligned figure; a debit or credit of ₦0 is left blank, as books write them. */
export function MoneyCell({ kobo, blankZero = false }: { kobo: number; blankZero?: boolean }) {
  return <Table.Td className={classes.money}>{blankZero && kobo === 0 ? '' : formatNaira(kobo)}</Table.Td>;
}

export function MoneyHead({ children }: { children: string }) {
  return <Table.Th className={classes.money}>{children}</Table.Th>;
}

/** The head of a table of accounts in debit and credit (the trial balance, a journal entry's lines). */
export function DebitCreditHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Account</Table.Th>
        <MoneyHead>Debit</MoneyHead>
        <MoneyHead>Credit</MoneyHead>
      </Table.Tr>
    </Table.Thead>
  );
}
