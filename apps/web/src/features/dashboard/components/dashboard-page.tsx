import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function DashboardPage() {
  return (
    <>
      <PageTitle>Expenses Dashboard</PageTitle>
      <ComingSoon />
    </>
  );
}
