import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, type LoanView, type SavingsHolderListItem } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { useLoanProducts } from '../../api/admin-get-loan-products.ts';
import { useLoanSettings } from '../../api/admin-loan-settings.ts';
import { ApplyLoanForm } from '../holder/apply-loan-form.tsx';
import { MemberPicker } from './member-picker.tsx';

type Props = { opened: boolean; onClose: () => void; onApplied: (loan: LoanView) => void };

/**
 * "New application": an officer applies on a member's behalf (issue 12), with the form the holders
 * use. The whole screen on a phone; each opening starts empty (the modal unmounts its content).
 */
export function NewApplicationModal({ opened, onClose, onApplied }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="New loan application" fullScreen={isPhone} size="lg" centered>
      <NewApplication onClose={onClose} onApplied={onApplied} />
    </Modal>
  );
}

/** The member first; once chosen, the form, whose quote, limits and guarantors are that member's. */
function NewApplication({ onClose, onApplied }: Omit<Props, 'opened'>) {
  const products = useLoanProducts();
  const [member, setMember] = useState<SavingsHolderListItem | null>(null);
  return (
    <Stack gap="sm">
      <SecondOfficerNote />
      <MemberPicker value={member} onChange={setMember} />
      {products.isPending ? (
        <PageLoading />
      ) : products.isError ? (
        <ErrorBanner message={errorMessage(products.error, MESSAGES.loadLoanProductsFailed)} />
      ) : member ? (
        // Officers are shown retired products too; no application can be made on one.
        <ApplyLoanForm products={products.data.filter((product) => !product.retired)} borrower={member} onApplied={onApplied} onCancel={onClose} />
      ) : (
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Under two-person approval the officer who applies cannot approve (docs/decisions/019-loans.md): said before they apply. */
function SecondOfficerNote() {
  const settings = useLoanSettings();
  if (!settings.data?.twoPersonApproval) return null;
  return (
    <Text size="sm" c="dimmed">
      Two-person approval is on: another officer must approve an application you make.
    </Text>
  );
}
