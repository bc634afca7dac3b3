import { Modal } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, TOP_UP_LABELS, type LoanProductView, type LoanView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useLoanProducts } from '../api/admin-get-loan-products.ts';
import { useOfferedLoanProducts } from '../api/holder-get-loan-products.ts';
import { usePayoffQuote } from '../api/payoff-quote.ts';
import { ApplyLoanForm } from './holder/apply-loan-form.tsx';

type Props = {
  loan: LoanView;
  /** An officer applies on the borrower's behalf; a holder for themselves. */
  isOfficer: boolean;
  opened: boolean;
  onClose: () => void;
  onApplied: () => void;
};

/**
 * "Top up" (issue 33; docs/decisions/052): the application form, on the running loan's product,
 * naming the loan it pays off; today's payoff and the net are shown beside the quote. The whole
 * screen on a phone.
 */
export function TopUpModal({ opened, onClose, ...rest }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={TOP_UP_LABELS.topUpTitle} fullScreen={isPhone} size="lg" centered>
      {rest.isOfficer ? <OfficerTopUp onClose={onClose} {...rest} /> : <HolderTopUp onClose={onClose} {...rest} />}
    </Modal>
  );
}

type ContentProps = Omit<Props, 'opened'>;

function OfficerTopUp(props: ContentProps) {
  const products = useLoanProducts();
  return <TopUpForm {...props} products={products} />;
}

function HolderTopUp(props: ContentProps) {
  const products = useOfferedLoanProducts();
  return <TopUpForm {...props} products={products} />;
}

type ProductsQuery = { isPending: boolean; error: Error | null; data: LoanProductView[] | undefined };

function TopUpForm({ loan, isOfficer, onClose, onApplied, products }: ContentProps & { products: ProductsQuery }) {
  const quote = usePayoffQuote(loan.id, '');
  if (products.isPending || quote.isPending) return <PageLoading />;
  if (products.error || !products.data) return <ErrorBanner message={errorMessage(products.error, MESSAGES.loadLoanProductsFailed)} />;
  if (quote.error || !quote.data) return <ErrorBanner message={errorMessage(quote.error, MESSAGES.loadPayoffQuoteFailed)} />;
  const offered = products.data.filter((product) => !product.retired);
  return (
    <ApplyLoanForm
      products={offered}
      borrower={isOfficer && loan.borrower.userId ? { userId: loan.borrower.userId } : undefined}
      topUp={{ loanId: loan.id, productId: loan.productId, payoffKobo: quote.data.totalKobo }}
      onApplied={onApplied}
      onCancel={onClose}
    />
  );
}
