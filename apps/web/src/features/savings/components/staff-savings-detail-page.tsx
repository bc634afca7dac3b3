import { Link, Navigate, useParams } from 'react-router';
import { Button, Text } from '@mantine/core';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';

/** SPEC 2: admin only; everyone else goes back to /savings. */
export function StaffSavingsDetailPage() {
  const { staffId } = useParams();
  const role = useSession().data?.role;
  if (role !== 'admin') return <Navigate to="/savings" replace />;
  return (
    <>
      <PageTitle>Staff Savings Detail</PageTitle>
      <Text mb="sm">{staffId}</Text>
      <ComingSoon />
      <Button component={Link} to="/savings" variant="default" mt="md">
        Back to Staff List
      </Button>
    </>
  );
}
