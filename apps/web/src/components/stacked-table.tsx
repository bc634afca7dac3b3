import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import classes from './stacked-table.module.css';

export type StackedColumn<Row> = {
  /** The column's heading, and on a phone the label before each row's value. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right (in tabular digits) in the table; on a phone every value sits on the right of its label. */
  align?: 'right';
  /** A figure or date that must not break inside the table (a phone card wraps anything). */
  nowrap?: boolean;
  /** Stronger weight for the figure a person came for (a schedule's instalment). */
  emphasis?: boolean;
};

type Props<Row> = {
  caption?: string;
  columns: StackedColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
};

/**
 * The one way a wide table shows on a phone (issue 34): a table where there is room, a card per row
 * ("label: value" lines) where its box is narrower than 36em. The switch is CSS only
 * (stacked-table.module.css), so there is no flicker and no width read in JavaScript.
 */
export function StackedTable<Row>({ caption, columns, rows, rowKey }: Props<Row>) {
  return (
    <div className={classes.frame}>
      <Table className={classes.table} striped verticalSpacing={4} fz="sm">
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.label}
                  data-label={column.label}
                  ta={column.align}
                  fw={column.emphasis ? 600 : undefined}
                  data-nowrap={column.nowrap || undefined}
                  data-figure={column.align === 'right' || undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
