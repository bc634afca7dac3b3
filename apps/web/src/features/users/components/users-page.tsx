import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function UsersPage() {
  return (
    <>
      <PageTitle>User Management</PageTitle>
      <ComingSoon />
    </>
  );
}
