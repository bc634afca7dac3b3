import { Text } from '@mantine/core';
import { can, MESSAGES } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { AdminSavings } from './admin-savings.tsx';
import { UserSavings } from './user-savings.tsx';

/** SPEC 2 / 6: admins manage staff savings, a regular user sees their own, other roles neither. */
export function SavingsPage() {
  const role = useSession().data?.role;
  if (can(role, 'manage_staff_savings')) return <AdminSavings />;
  if (can(role, 'post_own_savings')) return <UserSavings />;
  return (
    <>
      <PageTitle>Savings</PageTitle>
      <Text>{MESSAGES.savingsNotAuthorized}</Text>
    </>
  );
}
