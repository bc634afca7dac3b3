import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function CreateExpensePage() {
  return (
    <>
      <PageTitle>Add Expense</PageTitle>
      <ComingSoon />
    </>
  );
}
