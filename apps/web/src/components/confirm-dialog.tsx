import { lazyDialog } from './lazy-dialog.tsx';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';

/** The confirmation prompt (confirm-dialog-modal.tsx), loaded when it first opens. */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  async () => (await import('./confirm-dialog-modal.tsx')).ConfirmDialogModal,
  (props) => props.isOpen,
);
