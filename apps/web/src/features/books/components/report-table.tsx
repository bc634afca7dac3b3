import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import classes from './books.module.css';

/**
 * A report's table in a box of its own that scrolls sideways when the screen is narrower than
 * `minWidth` (a phone); focusable, so the keyboard can scroll it too.
 */
type Props = {
  label: string;
  /** Below this width the table scrolls sideways in its box. */
  minWidth: number;
  /** A report of few columns stays readable on a wide screen: its figures stay near their names. */
  maxWidth?: number;
  children: ReactNode;
};

export function ReportTable({ label, minWidth, maxWidth, children }: Props) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div className={classes.scrollBox} style={{ maxWidth }} role="region" aria-label={label} tabIndex={0}>
      <Table className={classes.table} style={{ minWidth }} verticalSpacing="xs" horizontalSpacing="sm">
        {children}
      </Table>
    </div>
  );
}
