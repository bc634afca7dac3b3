import { Button, Group, Modal, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { schemaResolver, useForm } from '@mantine/form';
import {
  EARLY_PAYMENT_LABELS,
  EARLY_PAYMENT_RULES,
  INTEREST_METHOD_LABELS,
  LOAN_KIND_LABELS,
  LOAN_KINDS,
  type LoanKind,
  MAX_GUARANTORS,
  MAX_LOAN_PRODUCT_NAME_LENGTH,
  MESSAGES,
  loanProductSchema,
  type LoanProductView,
  OVERPAYMENT_LABELS,
} from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useSaveLoanProduct } from '../../api/admin-save-loan-product.ts';
import { EMPTY_PRODUCT, productBody, productFormValues, type ProductFormValues } from './product-form-values.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { PenaltyFields } from './penalty-fields.tsx';
import { SecuritySavingsField } from './security-savings-field.tsx';

type Props = {
  /** The product to change, 'new' for a new one, null while closed. */
  product: LoanProductView | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
};

/** New product or Edit: the modal unmounts its form when closed, so each opening starts afresh. */
export function ProductFormModal({ product, onClose, onSaved }: Props) {
  const isPhone = useIsPhone();
  const title = product === 'new' ? 'New loan product' : `Edit ${product?.name ?? ''}`;
  return (
    <Modal opened={product !== null} onClose={onClose} title={title} fullScreen={isPhone} size="lg" centered>
      {product && <ProductForm product={product === 'new' ? null : product} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

const GUARANTOR_OPTIONS = Array.from({ length: MAX_GUARANTORS + 1 }, (_, count) => String(count));
const FIELDS = Object.keys(EMPTY_PRODUCT) as (keyof ProductFormValues)[];

/**
 * A product's rules, checked by core's schema as typed (each problem under its field), then by
 * the server, whose refusal goes under the field it names (a name already taken) or above the buttons.
 * @mantine/form holds the values and each field's sentence; the shared hook (issue 34, decision 060)
 * follows the same flags for the focus on the first and the banner's summary.
 */
function ProductForm({ product, onCancel, onSaved }: { product: LoanProductView | null; onCancel: () => void; onSaved: () => void }) {
  const save = useSaveLoanProduct();
  const problems = useFormProblems(FIELDS);
  const form = useForm<ProductFormValues>({
    initialValues: product ? productFormValues(product) : EMPTY_PRODUCT,
    validate: schemaResolver(loanProductSchema, { sync: true }),
    // The form clears an edited field's sentence; the hook's flag (and the summary) follows.
    onValuesChange: (values, previous) => {
      for (const field of FIELDS) if (values[field] !== previous[field]) problems.edited(field);
    },
  });
  const { feeKind, overpayment, kind, charityKind } = form.getValues();
  // AmountInput takes value, onChange and error only (no focus tracking), so they are passed by name.
  const amountField = (field: 'maxAmount' | 'feeValue' | 'charityValue') => ({
    value: form.getValues()[field],
    onChange: (value: string | number) => form.setFieldValue(field, value),
    // The schema's messages are strings; the form types its errors as any node.
    error: typeof form.errors[field] === 'string' ? form.errors[field] : null,
  });

  /**
   * Issue 33: another kind keeps only the fields it takes, so no hidden field holds a refusal: no
   * rate without interest, no percentage fee for a qard hasan, a charity donation only for a murabaha.
   */
  function changeKind(next: LoanKind) {
    form.setFieldValue('kind', next);
    if (next !== 'interest') form.setFieldValue('annualRate', '');
    if (next === 'qard_hasan' && form.getValues().feeKind === 'percent') form.setFieldValue('feeKind', 'none');
    if (next !== 'murabaha') form.setFieldValue('charityKind', 'none');
  }

  /** Every field the schema refused, at once: the hook focuses the first and sums them up in the banner. */
  function handleInvalid(errors: typeof form.errors) {
    problems.check(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, typeof error === 'string' ? error : null])));
  }

  function handleSubmit(values: ProductFormValues) {
    if (save.isPending) return;
    problems.clear();
    save.mutate(
      { productId: product?.id ?? null, body: productBody(values) },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.field && FIELDS.includes(failure.field as keyof ProductFormValues)) form.setFieldError(failure.field, errorMessage(failure, MESSAGES.serverError));
          problems.fromServer(failure, MESSAGES.serverError);
        },
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={MAX_LOAN_PRODUCT_NAME_LENGTH} data-autofocus {...form.getInputProps('name')} />
        <Radio.Group
          label="Kind of product"
          required
          {...form.getInputProps('kind')}
          onChange={(value) => changeKind(value as LoanKind)}
        >
          <Group gap="lg" mt={6}>
            {LOAN_KINDS.map((option) => (
              <Radio key={option} value={option} label={LOAN_KIND_LABELS[option]} />
            ))}
          </Group>
        </Radio.Group>
        {kind === 'interest' && (
          <Radio.Group label="Interest method" required {...form.getInputProps('method')}>
            <Group gap="lg" mt={6}>
              <Radio value="reducing" label={INTEREST_METHOD_LABELS.reducing} />
              <Radio value="flat" label={INTEREST_METHOD_LABELS.flat} />
            </Group>
          </Radio.Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {kind === 'interest' && <TextInput label="Annual rate (%)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('annualRate')} />}
          {kind === 'murabaha' && (
            <TextInput
              label="Markup (% of the cost price)"
              description="Fixed at the start, for the whole term"
              required
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps('markup')}
            />
          )}
          <TextInput label="Longest term (months)" required inputMode="numeric" autoComplete="off" {...form.getInputProps('maxMonths')} />
          <TextInput
            label="Multiple of savings (×)"
            description="2 lends up to twice the savings"
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('savingsMultiple')}
          />
          <AmountInput label="Largest loan (₦)" required description="Whatever the savings" {...amountField('maxAmount')} />
        </SimpleGrid>
        <SecuritySavingsField
          value={form.getValues().securityProductIds}
          onChange={(ids) => form.setFieldValue('securityProductIds', ids)}
          error={typeof form.errors.securityProductIds === 'string' ? form.errors.securityProductIds : null}
        />
        <Select label="Guarantors required" data={GUARANTOR_OPTIONS} allowDeselect={false} {...form.getInputProps('guarantorsRequired')} />
        <Radio.Group label={kind === 'qard_hasan' ? 'Administrative fee' : 'Processing fee'} {...form.getInputProps('feeKind')}>
          <Group gap="lg" mt={6}>
            <Radio value="none" label="No fee" />
            {kind !== 'qard_hasan' && <Radio value="percent" label="Percentage" />}
            <Radio value="fixed" label="Fixed amount" />
          </Group>
        </Radio.Group>
        {feeKind === 'percent' && (
          <TextInput label="Fee (% of the amount)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('feeValue')} />
        )}
        {feeKind === 'fixed' && <AmountInput label="Fee (₦)" required {...amountField('feeValue')} />}
        {kind === 'murabaha' && (
          <>
            <Radio.Group
              label="Late-payment charity donation"
              description="Owed to charity, never the scheme's income"
              {...form.getInputProps('charityKind')}
            >
              <Group gap="lg" mt={6}>
                <Radio value="none" label="None" />
                <Radio value="percent" label="Percentage" />
                <Radio value="fixed" label="Fixed amount" />
              </Group>
            </Radio.Group>
            {charityKind === 'percent' && (
              <TextInput label="Donation (% of the overdue amount)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('charityValue')} />
            )}
            {charityKind === 'fixed' && <AmountInput label="Donation (₦)" required {...amountField('charityValue')} />}
          </>
        )}
        {kind !== 'murabaha' && <PenaltyFields form={form} />}
        <Radio.Group label="Early repayment" description="Money paid before or beyond what is due" {...form.getInputProps('overpayment')}>
          <Group gap="lg" mt={6}>
            <Radio value="reduce_term" label={OVERPAYMENT_LABELS.reduce_term} />
            <Radio value="refuse" label={OVERPAYMENT_LABELS.refuse} />
          </Group>
        </Radio.Group>
        {overpayment !== 'refuse' && (
          <Radio.Group label="What an early payment does" {...form.getInputProps('earlyPayment')}>
            <Stack gap={6} mt={6}>
              {EARLY_PAYMENT_RULES.map((rule) => (
                <Radio key={rule} value={rule} label={EARLY_PAYMENT_LABELS[rule]} />
              ))}
            </Stack>
          </Radio.Group>
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
