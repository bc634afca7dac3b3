import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import {
  MAX_DESCRIPTION_LENGTH,
  MESSAGES,
  ROUTE_GUARDS,
  can,
  expenseInputSchema,
  guardRedirect,
  type CategoryView,
  type ExpenseInput,
  type Role,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFormProblem } from '../../../lib/use-form-problem.ts';

export type ExpenseFormValues = {
  categoryId: string | null;
  /** Naira as typed; core's schema turns it into kobo without float arithmetic. */
  amount: string | number;
  description: string;
  date: string;
};

const FIELDS = ['categoryId', 'amount', 'description', 'date'] as const;

type Props = {
  initialValues: ExpenseFormValues;
  categories: CategoryView[];
  role: Role | undefined;
  submitLabel: string;
  isPending: boolean;
  /** Sent with the form so an edit keeps what the form does not show (title, payment method). */
  extra?: Pick<ExpenseInput, 'title' | 'paymentMethod'>;
  error: string | null;
  success: string | null;
  /** Resolves true when saved; the create form then starts again from `initialValues`. */
  onSubmit: (input: ExpenseInput) => Promise<boolean>;
  resetOnSuccess: boolean;
};

/**
 * SPEC "Create expense": Item (required), Amount (required, ≥ 0, step 0.01), Description
 * (optional), Date (required); Cancel and the submit button. The same form edits (DECISIONS 2).
 * Checked with core's schema, the one the server checks with, so the sentences are the same.
 */
export function ExpenseForm({ initialValues, categories, role, submitLabel, isPending, extra, error, success, onSubmit, resetOnSuccess }: Props) {
  const [values, setValues] = useState(initialValues);
  // A problem found before sending shows in the banner and beside its field; the server's (`error`) in the banner.
  const problem = useFormProblem(FIELDS);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const set = <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const input: ExpenseInput = {
      categoryId: values.categoryId ?? undefined,
      amount: values.amount,
      date: values.date,
      description: values.description,
      ...extra,
    };
    const parsed = expenseInputSchema.safeParse(input);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    const saved = await onSubmit(input);
    if (saved && resetOnSuccess) setValues(initialValues);
  }

  // Categories are managed on Settings where its guard lets this person in, else on User Settings.
  const settingsPath =
    role && guardRedirect(ROUTE_GUARDS[paths.settings], { role, isActive: true }) === null ? paths.settings : paths.userSettings;
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problem.problem?.message ?? error} />
        <SuccessBanner message={success} />
        <Select
          label="Item"
          required
          placeholder="Choose an item"
          searchable
          nothingFoundMessage={MESSAGES.noItemsFound}
          data={categories.map((category) => ({ value: category.id, label: category.name }))}
          value={values.categoryId}
          onChange={(categoryId) => set('categoryId', categoryId)}
          error={problem.errorOf('categoryId')}
          leftSection={values.categoryId ? <CategoryMark {...byId.get(values.categoryId)} size={20} /> : undefined}
          renderOption={({ option }) => {
            const category = byId.get(option.value);
            return (
              <Group gap="xs" wrap="nowrap">
                <CategoryMark color={category?.color} icon={category?.icon} size={20} />
                <span>{option.label}</span>
              </Group>
            );
          }}
        />
        {categories.length === 0 && (
          <Text size="sm" c="dimmed">
            There are no items yet.{' '}
            {can(role, 'manage_categories') ? (
              <Anchor component={Link} to={settingsPath}>
                Add one in Settings.
              </Anchor>
            ) : (
              'Ask an administrator or a manager to add one.'
            )}
          </Text>
        )}
        <AmountInput
          label="Amount"
          required
          leftSection="₦"
          value={values.amount}
          onChange={(amount) => set('amount', amount)}
          error={problem.errorOf('amount')}
        />
        <Textarea
          label="Description"
          description="Optional"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_DESCRIPTION_LENGTH}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={problem.errorOf('description')}
        />
        <TextInput
          type="date"
          label="Date"
          required
          value={values.date}
          onChange={(event) => set('date', event.currentTarget.value)}
          error={problem.errorOf('date')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button component={Link} to={paths.expenses.list} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
