import { Text } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';

/** SPEC 2 / 6: admins manage staff savings, a regular user sees their own, other roles neither. */
export function SavingsPage() {
  const role = useSession().data?.role;
  if (role === 'admin' || role === 'user') {
    return (
      <>
        <PageTitle>{role === 'admin' ? 'Staff Savings' : 'My Savings'}</PageTitle>
        <ComingSoon />
      </>
    );
  }
  return (
    <>
      <PageTitle>Savings</PageTitle>
      <Text>{MESSAGES.savingsNotAuthorized}</Text>
    </>
  );
}
