import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { FaPlus } from 'react-icons/fa';
import { can } from '@kobo/core';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';

/** SPEC 2 / DECISIONS 2: "All Expenses" for whoever may see everyone's, "My Expenses" otherwise. */
export function ExpensesPage() {
  const role = useSession().data?.role;
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{can(role, 'view_all_expenses') ? 'All Expenses' : 'My Expenses'}</PageTitle>
        {can(role, 'create_expense') && (
          <Button component={Link} to="/expenses/create" leftSection={<FaPlus aria-hidden />}>
            Add Expense
          </Button>
        )}
      </Group>
      <ComingSoon />
    </>
  );
}
