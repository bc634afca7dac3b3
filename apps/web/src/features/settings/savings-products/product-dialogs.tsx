import { MESSAGES, type SavingsProductView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteSavingsProduct } from './api/delete-savings-product.ts';
import { useSetSavingsProductRetired } from './api/retire-savings-product.ts';

type Props = { product: SavingsProductView | null; onClose: () => void; onDone: (message: string) => void };

/** Retiring stops new accounts and money (the accounts and their history stay); restoring offers the product again. */
export function RetireSavingsProductDialog({ product, onClose, onDone }: Props) {
  const change = useSetSavingsProductRetired();
  const isRetired = product?.retiredAt != null;

  function close() {
    change.reset();
    onClose();
  }

  function confirm() {
    if (!product || change.isPending) return;
    change.mutate(
      { productId: product.id, isRetired: !isRetired },
      {
        onSuccess: () => {
          change.reset();
          onDone(isRetired ? MESSAGES.savingsProductRestored : MESSAGES.savingsProductRetired);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      isOpen={product !== null}
      title={`${isRetired ? 'Restore' : 'Retire'} ${product?.name ?? ''}`}
      message={
        isRetired
          ? 'Members may open it and pay into it again.'
          : 'Members can no longer open it or pay into it. Accounts that hold it keep their balances and history, and you can restore it later.'
      }
      confirmLabel={isRetired ? 'Restore' : 'Retire'}
      isPending={change.isPending}
      error={change.isError ? errorMessage(change.error, MESSAGES.serverError) : null}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}

/** Deleting is for a product nobody holds; the server refuses one a member holds, and the dialog says so. */
export function DeleteSavingsProductDialog({ product, onClose, onDone }: Props) {
  const remove = useDeleteSavingsProduct();

  function close() {
    remove.reset();
    onClose();
  }

  function confirm() {
    if (!product || remove.isPending) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        remove.reset();
        onDone(MESSAGES.savingsProductDeleted);
      },
    });
  }

  return (
    <ConfirmDialog
      isOpen={product !== null}
      title={`Delete ${product?.name ?? ''}`}
      message="Only a product no member holds can be deleted; its control account stays in the chart."
      confirmLabel="Delete"
      isPending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, MESSAGES.serverError) : null}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
