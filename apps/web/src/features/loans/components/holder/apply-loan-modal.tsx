import { Modal } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useOfferedLoanProducts } from '../../api/holder-get-loan-products.ts';
import { ApplyLoanForm } from './apply-loan-form.tsx';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';

type Props = { opened: boolean; onClose: () => void; onApplied: () => void };

/** "Apply for a loan": the whole screen on a phone. The form starts empty each time it opens (the modal unmounts it). */
export function ApplyLoanModal({ opened, onClose, onApplied }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Apply for a loan" fullScreen={isPhone} size="lg" centered>
      <ApplyLoanContent onClose={onClose} onApplied={onApplied} />
    </Modal>
  );
}

function ApplyLoanContent({ onClose, onApplied }: Omit<Props, 'opened'>) {
  const products = useOfferedLoanProducts();
  if (products.isPending) return <PageLoading />;
  if (products.isError) return <ErrorBanner message={errorMessage(products.error, MESSAGES.loadLoanProductsFailed)} />;
  return <ApplyLoanForm products={products.data} onApplied={onApplied} onCancel={onClose} />;
}
