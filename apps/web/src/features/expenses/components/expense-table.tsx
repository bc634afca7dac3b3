// Stylesheets are imported for their effect: Vite bundles them into this chunk's CSS.
// oxlint-disable-next-line import/no-unassigned-import
import 'mantine-datatable/styles.css';
import '@mantine/core/styles/Table.css';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { MESSAGES, formatNaira, type ExpenseView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { expenseText } from './expense-labels.ts';
import { ExpenseActions } from './expense-actions.tsx';

type Props = {
  expenses: ExpenseView[];
  currentUserId: string;
  showCreatedBy: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (expense: ExpenseView) => void;
};

/**
 * The dense view for a desktop (issue 14): one line per expense, so a screen holds twenty-odd
 * instead of five cards. Loaded only when chosen, so phones (cards only) never fetch it.
 */
export function ExpenseTable({ expenses, currentUserId, showCreatedBy, canEdit, canDelete, onDelete }: Props) {
  const columns: DataTableColumn<ExpenseView>[] = [
    {
      accessor: 'date',
      title: 'Date',
      noWrap: true,
      render: (expense) => <time dateTime={expense.date}>{formatCalendarDate(expense.date)}</time>,
    },
    {
      accessor: 'category',
      title: 'Item',
      render: (expense) => (
        <Group gap={6} wrap="nowrap">
          <CategoryMark color={expense.category.color} icon={expense.category.icon} size={20} />
          <span>{expense.category.name}</span>
        </Group>
      ),
    },
    {
      accessor: 'description',
      title: 'Description',
      render: (expense) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {expenseText(expense) ?? ''}
        </Text>
      ),
    },
    ...(showCreatedBy
      ? [
          {
            accessor: 'createdBy',
            title: 'Created by',
            render: (expense: ExpenseView) =>
              expense.userId === currentUserId ? <Text size="sm" c="dimmed">You</Text> : (expense.createdBy?.name ?? MESSAGES.unknownUser),
          } satisfies DataTableColumn<ExpenseView>,
        ]
      : []),
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (expense) => <Text fw={600} size="sm">{formatNaira(expense.amountKobo)}</Text>,
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      noWrap: true,
      render: (expense) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ExpenseActions expense={expense} canEdit={canEdit} canDelete={canDelete} onDelete={onDelete} size="compact-xs" />
        </Group>
      ),
    });
  }
  return (
    <DataTable<ExpenseView>
      aria-label="Expenses"
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalSpacing={6}
      fz="sm"
      records={expenses}
      columns={columns}
      noRecordsText={MESSAGES.noExpensesFound}
    />
  );
}
