import { Button, Checkbox, Group, Modal, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MAX_SAVINGS_PRODUCT_NAME_LENGTH,
  MESSAGES,
  NEW_CONTROL_ACCOUNT,
  ORDINARY_SAVINGS_PRODUCT_ID,
  PAYOUT_TO_LABELS,
  SAVINGS_PRODUCT_KIND_LABELS,
  SAVINGS_PRODUCT_KINDS,
  savingsProductSchema,
  type SavingsProductKind,
  type SavingsProductView,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import type { SavingsProductAccounts } from './api/get-product-accounts.ts';
import { useSaveSavingsProduct } from './api/save-savings-product.ts';
import { DayOfYearField } from './day-of-year-field.tsx';
import { emptyProduct, isProductField, PRODUCT_FIELD_NAMES, productFormValues, type DayOfYearValue, type SavingsProductFormValues } from './product-form-values.ts';

type Props = {
  /** The product to change, 'new' for a new one, null while closed. */
  product: SavingsProductView | 'new' | null;
  accounts: SavingsProductAccounts;
  onClose: () => void;
  onSaved: () => void;
};

/** Add product or Edit: the modal unmounts its form when closed, so each opening starts afresh. */
export function SavingsProductFormModal({ product, accounts, onClose, onSaved }: Props) {
  const isPhone = useIsPhone();
  const title = product === 'new' ? 'New savings product' : `Edit ${product?.name ?? ''}`;
  return (
    <Modal opened={product !== null} onClose={onClose} title={title} fullScreen={isPhone} size="lg" centered>
      {product && <ProductForm product={product === 'new' ? null : product} accounts={accounts} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

const KIND_OPTIONS = SAVINGS_PRODUCT_KINDS.map((kind) => ({ value: kind, label: SAVINGS_PRODUCT_KIND_LABELS[kind] }));

/** Share capital is equity; every other saving a liability the scheme owes its members. */
const controlKindOf = (kind: SavingsProductKind | '') => (kind === 'shares' ? 'equity' : 'liability');

function controlOptions(accounts: SavingsProductAccounts, kind: SavingsProductKind | '', productId: string | null) {
  const usable = accounts.controlAccounts.filter((account) => account.kind === controlKindOf(kind) && (account.productId === null || account.productId === productId));
  return [{ value: NEW_CONTROL_ACCOUNT, label: 'A new account' }, ...usable.map((account) => ({ value: account.id, label: `${account.code} ${account.name}` }))];
}

/**
 * A product's rules, the fields following its kind, checked by core's schema as typed (each problem
 * beside its field), then by the server, whose refusal goes beside the field it names or above the buttons.
 * @mantine/form holds the values and each field's sentence; the shared hook (issue 34, decision 060)
 * follows the same flags for the focus on the first and the banner's summary.
 */
function ProductForm({ product, accounts, onCancel, onSaved }: { product: SavingsProductView | null; accounts: SavingsProductAccounts; onCancel: () => void; onSaved: () => void }) {
  const save = useSaveSavingsProduct();
  const problems = useFormProblems(PRODUCT_FIELD_NAMES);
  const form = useForm<SavingsProductFormValues>({
    initialValues: product ? productFormValues(product, accounts.defaultPenaltyAccountId) : emptyProduct(accounts.defaultPenaltyAccountId),
    validate: schemaResolver(savingsProductSchema, { sync: true }),
    // The form clears an edited field's sentence; the hook's flag (and the summary) follows.
    onValuesChange: (next, previous) => {
      for (const field of PRODUCT_FIELD_NAMES) if (next[field] !== previous[field]) problems.edited(field);
    },
  });
  const values = form.getValues();
  const { kind } = values;
  const isOrdinary = product?.id === ORDINARY_SAVINGS_PRODUCT_ID;
  const takesPenalty = kind === 'fixed' || (kind === 'target' && values.earlyWithdrawal);
  const errorOf = (field: keyof SavingsProductFormValues) => (typeof form.errors[field] === 'string' ? form.errors[field] : null);
  // AmountInput and the day fields take value, onChange and error only, so they are passed by name.
  const amountField = (field: 'sharePrice' | 'minimumHolding' | 'penaltyValue') => ({
    value: values[field],
    onChange: (value: string) => form.setFieldValue(field, value),
    error: errorOf(field),
  });
  const dayField = (field: 'windowOpens' | 'windowCloses' | 'payoutOn') => ({
    value: values[field],
    onChange: (value: DayOfYearValue) => form.setFieldValue(field, value),
    error: errorOf(field),
  });

  function handleKindChange(next: string | null) {
    const nextKind = (SAVINGS_PRODUCT_KINDS as readonly string[]).includes(next ?? '') ? (next as SavingsProductKind) : '';
    form.setFieldValue('kind', nextKind);
    // An account of the other kind no longer fits: a new one, unless the product keeps its own.
    const fits = controlOptions(accounts, nextKind, product?.id ?? null).some((option) => option.value === form.getValues().controlAccountId);
    if (!fits) form.setFieldValue('controlAccountId', NEW_CONTROL_ACCOUNT);
  }

  /** Every field the schema refused, at once: the hook focuses the first and sums them up in the banner. */
  function handleInvalid(errors: typeof form.errors) {
    problems.check(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, typeof error === 'string' ? error : null])));
  }

  function handleSubmit(submitted: SavingsProductFormValues) {
    if (save.isPending) return;
    problems.clear();
    save.mutate(
      { productId: product?.id ?? null, body: submitted },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          // The sentence stands beside the field through the form; the hook flags it, focuses it, or puts a fieldless refusal in the banner.
          if (failure instanceof ApiError && failure.field && isProductField(failure.field)) form.setFieldError(failure.field, errorMessage(failure, MESSAGES.serverError));
          problems.fromServer(failure, MESSAGES.serverError);
        },
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={MAX_SAVINGS_PRODUCT_NAME_LENGTH} data-autofocus {...form.getInputProps('name')} />
        <Select label="Kind" required data={KIND_OPTIONS} allowDeselect={false} disabled={isOrdinary} {...form.getInputProps('kind')} value={kind || null} onChange={handleKindChange} />
        <Select
          label="Control account"
          description={kind === 'shares' ? 'An equity account of the scheme’s book' : 'A liability account of the scheme’s book'}
          required
          data={controlOptions(accounts, kind, product?.id ?? null)}
          allowDeselect={false}
          disabled={isOrdinary}
          {...form.getInputProps('controlAccountId')}
        />

        {kind === 'shares' && (
          <>
            <Radio.Group label="Shares are held" {...form.getInputProps('sharePricing')}>
              <Group gap="lg" mt={6}>
                <Radio value="per_share" label="Per share" />
                <Radio value="amount" label="As a naira amount" />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {values.sharePricing === 'per_share' && <AmountInput label="Price per share (₦)" required {...amountField('sharePrice')} />}
              <AmountInput label="Minimum holding (₦)" description="Leave empty for none" {...amountField('minimumHolding')} />
            </SimpleGrid>
          </>
        )}

        {kind === 'target' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DayOfYearField label="Window opens" required {...dayField('windowOpens')} />
              <DayOfYearField label="Window closes" required {...dayField('windowCloses')} />
              <DayOfYearField label="Pay-out day" required {...dayField('payoutOn')} />
            </SimpleGrid>
            <Radio.Group label="On the pay-out day, balances are" required {...form.getInputProps('payoutTo')}>
              <Group gap="lg" mt={6}>
                <Radio value="ordinary" label={PAYOUT_TO_LABELS.ordinary} />
                <Radio value="out" label={PAYOUT_TO_LABELS.out} />
              </Group>
            </Radio.Group>
            <Checkbox label="Allow early withdrawal, outside the window" {...form.getInputProps('earlyWithdrawal', { type: 'checkbox' })} />
          </>
        )}

        {kind === 'fixed' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Interest rate (% a year)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('annualRate')} />
            <TextInput label="Term (months)" required inputMode="numeric" autoComplete="off" {...form.getInputProps('termMonths')} />
          </SimpleGrid>
        )}

        {takesPenalty && (
          <>
            <Radio.Group label={kind === 'fixed' ? 'Penalty for breaking early' : 'Penalty for withdrawing early'} {...form.getInputProps('penaltyKind')}>
              <Group gap="lg" mt={6}>
                <Radio value="none" label="No penalty" />
                <Radio value="percent" label="Percentage" />
                <Radio value="fixed" label="Fixed amount" />
              </Group>
            </Radio.Group>
            {values.penaltyKind !== 'none' && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {values.penaltyKind === 'percent' ? (
                  <TextInput label="Penalty (% of the amount)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('penaltyValue')} />
                ) : (
                  <AmountInput label="Penalty (₦)" required {...amountField('penaltyValue')} />
                )}
                <Select
                  label="Penalty goes to"
                  required
                  data={accounts.penaltyAccounts.map((account) => ({ value: account.id, label: `${account.code} ${account.name}` }))}
                  allowDeselect={false}
                  {...form.getInputProps('penaltyAccountId')}
                  value={values.penaltyAccountId || null}
                />
              </SimpleGrid>
            )}
          </>
        )}

        <ErrorBanner message={problems.banner} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
