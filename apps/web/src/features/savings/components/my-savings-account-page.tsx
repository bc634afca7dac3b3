import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function MySavingsAccountPage() {
  return (
    <>
      <PageTitle>My Savings Account</PageTitle>
      <ComingSoon />
    </>
  );
}
