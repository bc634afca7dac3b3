import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LOAN_PENALTY_CAP_KINDS, LOAN_PENALTY_KINDS, PENALTY_CAP_LABELS, PENALTY_FREQUENCY_LABELS, PENALTY_KIND_LABELS, PENALTY_ORDER_LABELS } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import type { ProductFormValues } from './product-form-values.ts';

/**
 * Issue 33: the product's penalty on an overdue instalment (docs/decisions/053-loan-penalties.md):
 * none, a flat amount or a percentage of the overdue amount; once or every month overdue; grace
 * days; a cap per instalment; and whether a repayment pays penalties first or after the principal
 * due. Each refusal shows under its own field (core's schema names it).
 */
export function PenaltyFields({ form }: { form: UseFormReturnType<ProductFormValues> }) {
  const { penaltyKind, penaltyCapKind } = form.getValues();
  const amountField = (field: 'penaltyValue' | 'penaltyCapValue') => ({
    value: form.getValues()[field],
    onChange: (value: string | number) => form.setFieldValue(field, value),
    error: typeof form.errors[field] === 'string' ? form.errors[field] : null,
  });
  return (
    <>
      <Radio.Group label="Penalty on an overdue instalment" {...form.getInputProps('penaltyKind')}>
        <Group gap="lg" mt={6}>
          {LOAN_PENALTY_KINDS.map((option) => (
            <Radio key={option} value={option} label={PENALTY_KIND_LABELS[option]} />
          ))}
        </Group>
      </Radio.Group>
      {penaltyKind !== 'none' && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {penaltyKind === 'percent' ? (
              <TextInput label="Penalty (% of the overdue amount)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('penaltyValue')} />
            ) : (
              <AmountInput label="Penalty (₦)" required {...amountField('penaltyValue')} />
            )}
            <TextInput label="Grace (days after the due date)" required inputMode="numeric" autoComplete="off" {...form.getInputProps('penaltyGraceDays')} />
          </SimpleGrid>
          <Radio.Group label="Charged" {...form.getInputProps('penaltyFrequency')}>
            <Group gap="lg" mt={6}>
              <Radio value="once" label={PENALTY_FREQUENCY_LABELS.once} />
              <Radio value="monthly" label={PENALTY_FREQUENCY_LABELS.monthly} />
            </Group>
          </Radio.Group>
          <Radio.Group label="Cap per instalment" {...form.getInputProps('penaltyCapKind')}>
            <Group gap="lg" mt={6}>
              {LOAN_PENALTY_CAP_KINDS.map((option) => (
                <Radio key={option} value={option} label={PENALTY_CAP_LABELS[option]} />
              ))}
            </Group>
          </Radio.Group>
          {penaltyCapKind === 'percent' && (
            <TextInput label="Cap (% of the instalment)" required inputMode="decimal" autoComplete="off" {...form.getInputProps('penaltyCapValue')} />
          )}
          {penaltyCapKind === 'amount' && <AmountInput label="Cap (₦)" required {...amountField('penaltyCapValue')} />}
          <Radio.Group label="A repayment pays penalties" {...form.getInputProps('penaltyOrder')}>
            <Group gap="lg" mt={6}>
              <Radio value="first" label={PENALTY_ORDER_LABELS.first} />
              <Radio value="after_principal" label={PENALTY_ORDER_LABELS.after_principal} />
            </Group>
          </Radio.Group>
        </>
      )}
    </>
  );
}
