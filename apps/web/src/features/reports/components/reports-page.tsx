import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function ReportsPage() {
  return (
    <>
      <PageTitle>Reports</PageTitle>
      <ComingSoon />
    </>
  );
}
