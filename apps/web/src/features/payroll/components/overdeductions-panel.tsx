import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, formatNaira, monthLabel, type Overdeduction } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { ReasonModal, refusalOf } from '../../../components/reason-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useDecideOverdeduction, useHeldOverdeductions } from '../api/arrears.ts';
import { useProducts } from '../api/get-products.ts';

/**
 * Over-deductions held in the scheme's book until an officer refunds one (with a reason) or
 * applies it to one of the member's products. A line whose staff ID is nobody's can only be refunded.
 */
export function OverdeductionsPanel({ canManage }: { canManage: boolean }) {
  const held = useHeldOverdeductions();
  const decide = useDecideOverdeduction();
  const [refunding, setRefunding] = useState<Overdeduction | null>(null);
  const [applying, setApplying] = useState<Overdeduction | null>(null);

  function close() {
    setRefunding(null);
    setApplying(null);
    decide.reset();
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Over-deductions held">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Over-deductions held
        </Title>
        {held.isPending ? (
          <PageLoading />
        ) : held.isError ? (
          <ErrorBanner message={errorMessage(held.error, MESSAGES.serverError)} />
        ) : held.data.length === 0 ? (
          <Text c="dimmed">Nothing held: payroll deducted no more than it was told.</Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Over-deductions">
            {held.data.map((item) => (
              <Card withBorder radius="md" padding="sm" role="listitem" key={item.id}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.name ?? `Staff ID ${item.ref} (nobody's)`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.ref} · {monthLabel(item.month)}
                    </Text>
                  </div>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(item.amountKobo)}
                  </Text>
                </Group>
                {canManage && (
                  <Group gap="xs" mt="xs">
                    <Button size="xs" variant="light" onClick={() => setRefunding(item)}>
                      Refund
                    </Button>
                    {item.userId && (
                      <Button size="xs" variant="light" onClick={() => setApplying(item)}>
                        Apply
                      </Button>
                    )}
                  </Group>
                )}
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <ReasonModal
        opened={refunding !== null}
        title={refunding ? `Refund ${formatNaira(refunding.amountKobo)} to ${refunding.name ?? refunding.ref}` : 'Refund'}
        confirmLabel="Refund"
        requiredMessage={MESSAGES.refundReasonRequired}
        isPending={decide.isPending}
        refusal={decide.isError ? refusalOf(decide.error, MESSAGES.serverError) : null}
        onSubmit={(reason) => refunding && decide.mutate({ id: refunding.id, action: 'refund', reason }, { onSuccess: close })}
        onClose={close}
      >
        <Text size="sm">The amount leaves the held account for cash: pay it back to the member.</Text>
      </ReasonModal>
      {applying && (
        <ApplyModal
          item={applying}
          isPending={decide.isPending}
          onApply={(productId, refused) => decide.mutate({ id: applying.id, action: 'apply', productId }, { onSuccess: close, onError: refused })}
          onClose={close}
        />
      )}
    </Paper>
  );
}

type ApplyProps = {
  item: Overdeduction;
  isPending: boolean;
  /** Applies it; a refusal comes back through `refused`, to stand beside the product or in the banner. */
  onApply: (productId: string, refused: (failure: unknown) => void) => void;
  onClose: () => void;
};

const APPLY_FIELDS = ['productId'] as const;

/** Apply a held over-deduction as a deposit to one of the scheme's products for the member. */
function ApplyModal({ item, isPending, onApply, onClose }: ApplyProps) {
  const isPhone = useIsPhone();
  const products = useProducts(true);
  const [productId, setProductId] = useState<string | null>(null);
  const problems = useFormProblems(APPLY_FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (problems.check({ productId: productId ? null : 'Choose a product.' }) || !productId) return;
    onApply(productId, (failure) => problems.fromServer(failure, MESSAGES.serverError));
  }

  return (
    <Modal opened onClose={onClose} title={`Apply ${formatNaira(item.amountKobo)} for ${item.name ?? item.ref}`} fullScreen={isPhone} centered>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Select
            label="Product"
            placeholder="Choose a product"
            data={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
            value={productId}
            onChange={(value) => {
              setProductId(value);
              problems.edited('productId');
            }}
            error={problems.errorOf('productId')}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <ErrorBanner message={products.isError ? errorMessage(products.error, MESSAGES.loadSavingsProductsFailed) : problems.banner} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
