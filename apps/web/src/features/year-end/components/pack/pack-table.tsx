import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import classes from '../year-end.module.css';

export type PackColumn = { label: string; isMoney?: boolean };

/** A pack table: a caption-less table labelled by its section, money columns right-aligned; the header repeats on each printed page. */
export function PackTable({ label, columns, rows, foot }: { label: string; columns: PackColumn[]; rows: ReactNode[][]; foot?: ReactNode[] }) {
  const cell = (value: ReactNode, index: number) => (
    <Table.Td key={index} className={columns[index]?.isMoney ? classes.money : undefined}>
      {value}
    </Table.Td>
  );
  // A wide table scrolls within its own box on a phone, never the page; the box takes focus so a keyboard can scroll it.
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={label} data-pack-scroll>
      <Table aria-label={label} className={columns.length > 4 ? classes.wideTable : undefined} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} className={column.isMoney ? classes.money : undefined}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // Rows are drawn once from a fixed answer; their position is their identity.
            // oxlint-disable-next-line react/no-array-index-key
            <Table.Tr key={index}>{row.map(cell)}</Table.Tr>
          ))}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr fw={700}>{foot.map(cell)}</Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </div>
  );
}
