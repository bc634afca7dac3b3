import { Text } from '@mantine/core';
import { MESSAGES, type LoanProductView } from '@kobo/core';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSetLoanProductRetired } from '../../api/admin-retire-loan-product.ts';
import { ActionDialog } from './action-dialog.tsx';

type Props = { product: LoanProductView | null; onClose: () => void; onDone: () => void };

/** Retiring hides a product from holders (loans already made keep their terms); restoring offers it again. */
export function RetireProductDialog({ product, onClose, onDone }: Props) {
  const change = useSetLoanProductRetired();
  const error = change.isError ? errorMessage(change.error, MESSAGES.serverError) : null;

  function close() {
    change.reset();
    onClose();
  }

  function confirm() {
    if (!product || change.isPending) return;
    change.mutate(
      { productId: product.id, isRetired: !product.retired },
      {
        onSuccess: () => {
          change.reset();
          onDone();
        },
      },
    );
  }

  if (product?.retired) {
    return (
      <ActionDialog isOpen title={`Restore ${product.name}`} confirmLabel="Restore" isPending={change.isPending} error={error} onConfirm={confirm} onCancel={close}>
        <Text>Holders will see {product.name} again and may apply for it.</Text>
      </ActionDialog>
    );
  }
  return (
    <ConfirmDialog
      isOpen={product !== null}
      title={`Retire ${product?.name ?? ''}`}
      message="Holders will no longer see it or apply for it. Loans already made keep their terms, and you can restore it later."
      confirmLabel="Retire"
      isPending={change.isPending}
      error={error}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
