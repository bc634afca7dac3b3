import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { can, MESSAGES } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { AdminSavings } from './admin-savings.tsx';
import { UserSavings } from './user-savings.tsx';

/**
 * SPEC 2 / 6: admins manage staff savings (the auditor reads them, issue 27), a regular user sees
 * their own, other roles neither. A regular user's page also shows `loansSection` (issue 12),
 * handed in by the router.
 */
export function SavingsPage({ loansSection }: { loansSection?: ReactNode }) {
  const role = useSession().data?.role;
  if (can(role, 'view_staff_savings')) return <AdminSavings />;
  if (can(role, 'post_own_savings')) return <UserSavings loansSection={loansSection} />;
  return (
    <>
      <PageTitle>Savings</PageTitle>
      <Text>{MESSAGES.savingsNotAuthorized}</Text>
    </>
  );
}
