import { lazyDialog } from './lazy-dialog.tsx';
import type { CancelRequestDialogProps } from './cancel-request-dialog-modal.tsx';

/** The maker's cancel dialog (cancel-request-dialog-modal.tsx), loaded when it first opens. */
export const CancelRequestDialog = lazyDialog<CancelRequestDialogProps>(
  async () => (await import('./cancel-request-dialog-modal.tsx')).CancelRequestDialogModal,
  (props) => props.request !== null,
);
