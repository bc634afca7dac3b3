import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import {
  MAX_DESCRIPTION_LENGTH,
  MESSAGES,
  can,
  expenseInputSchema,
  mayOpen,
  type CategoryView,
  type ExpenseInput,
  type ReceiptView,
  type Role,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useReceiptSettings } from '../../../lib/receipt-settings-query.ts';
import { ReceiptAttachments } from './receipts/receipt-attachments.tsx';
import { useReceiptDraft } from './receipts/use-receipt-draft.ts';

export type ExpenseFormValues = {
  categoryId: string | null;
  /** Naira as typed; core's schema turns it into kobo without float arithmetic. */
  amount: string | number;
  description: string;
  date: string;
};

const FIELDS = ['categoryId', 'amount', 'description', 'date', 'receiptIds'] as const;

type Props = {
  initialValues: ExpenseFormValues;
  categories: CategoryView[];
  role: Role | undefined;
  submitLabel: string;
  isPending: boolean;
  /** Sent with the form so an edit keeps what the form does not show (title, payment method). */
  extra?: Pick<ExpenseInput, 'title' | 'paymentMethod'>;
  error: string | null;
  /** The field the server's refusal names, if any: its sentence shows beside that field too. */
  errorField?: string | null;
  success: string | null;
  /** Resolves true when saved; the create form then starts again from `initialValues`. */
  onSubmit: (input: ExpenseInput) => Promise<boolean>;
  resetOnSuccess: boolean;
  /**
   * Rapid entry (issue 14): "Add and new" and Ctrl/Cmd+Enter save, keep Item and Date, clear Amount
   * and Description and put focus on Amount. Resolves true when saved.
   */
  onSubmitAndNew?: (input: ExpenseInput) => Promise<boolean>;
  /** Any change to a field: the page cancels a pending redirect, so no timer leaves while someone types. */
  onTyping?: () => void;
  /** The receipts already on the expense being edited (issue 14). */
  initialReceipts?: ReceiptView[];
};

/**
 * SPEC "Create expense": Item (required), Amount (required, ≥ 0, step 0.01), Description
 * (optional), Date (required); Cancel and the submit button. The same form edits (DECISIONS 2).
 * Checked with core's schema, the one the server checks with, so the sentences are the same.
 */
export function ExpenseForm(props: Props) {
  const { initialValues, categories, role, submitLabel, isPending, extra, error, success, onSubmit, resetOnSuccess, onSubmitAndNew, onTyping } = props;
  const [values, setValues] = useState(initialValues);
  const receipts = useReceiptDraft(props.initialReceipts);
  const requiredAboveKobo = useReceiptSettings().data?.requiredAboveKobo ?? null;
  // The problems found before sending, each beside its field; the server's refusal (`error`) beside
  // the field it names (`errorField`), else in the banner (docs/decisions/060-every-field-at-once.md).
  const problem = useFormProblems(FIELDS, { bannerSentences: [MESSAGES.fillRequiredFields] });
  const errorOf = (field: (typeof FIELDS)[number]) => problem.errorOf(field) ?? (props.errorField === field && !problem.hasProblems ? (error ?? null) : null);
  const receiptError = errorOf('receiptIds');
  const byId = new Map(categories.map((category) => [category.id, category]));
  const amountRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) => {
    onTyping?.();
    setValues((current) => ({ ...current, [key]: value }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await save(onSubmit, resetOnSuccess ? () => setValues(initialValues) : null);
  }

  async function handleSubmitAndNew() {
    if (!onSubmitAndNew) return;
    await save(onSubmitAndNew, () => {
      // The next expense is usually the same item on the same day: keep both, clear the rest.
      setValues((current) => ({ ...initialValues, categoryId: current.categoryId, date: current.date }));
      amountRef.current?.focus();
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (!onSubmitAndNew || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void handleSubmitAndNew();
  }

  async function save(send: (input: ExpenseInput) => Promise<boolean>, afterSaved: (() => void) | null) {
    if (isPending) return;
    const input: ExpenseInput = {
      categoryId: values.categoryId ?? undefined,
      amount: values.amount,
      date: values.date,
      description: values.description,
      ...extra,
      receiptIds: receipts.ids,
    };
    const parsed = expenseInputSchema.safeParse(input);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    const receiptProblem = receipts.problemFor(parsed.data.amountKobo, requiredAboveKobo);
    if (receiptProblem) return problem.show(receiptProblem, 'receiptIds');
    problem.clear();
    const saved = await send(input);
    if (saved && afterSaved) {
      afterSaved();
      receipts.reset();
    }
  }

  // Categories are managed on Settings › Categories where its guard lets this person in, else on User Settings.
  const settingsPath = mayOpen(paths.settings, role ? { role, isActive: true } : null) ? paths.settingsSubject('categories') : paths.userSettings;
  return (
    // onInput: typing anywhere (an item's search text too, which changes no value yet) counts as typing.
    <form id={problem.formId} onSubmit={(event) => void handleSubmit(event)} onKeyDown={handleKeyDown} onInput={() => onTyping?.()} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problem.banner ?? (props.errorField ? null : error)} />
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
          error={errorOf('categoryId')}
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
          inputRef={amountRef}
          label="Amount"
          required
          leftSection="₦"
          value={values.amount}
          onChange={(amount) => set('amount', amount)}
          error={errorOf('amount')}
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
          error={errorOf('description')}
        />
        <TextInput
          type="date"
          label="Date"
          required
          value={values.date}
          onChange={(event) => set('date', event.currentTarget.value)}
          error={errorOf('date')}
        />
        <ReceiptAttachments draft={receipts} error={typeof receiptError === 'string' ? receiptError : null} requiredAboveKobo={requiredAboveKobo} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button component={Link} to={paths.expenses.list} variant="default">
            Cancel
          </Button>
          {onSubmitAndNew && (
            <Button variant="light" loading={isPending} onClick={() => void handleSubmitAndNew()} aria-keyshortcuts="Control+Enter Meta+Enter">
              Add and new
            </Button>
          )}
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
        {onSubmitAndNew && (
          <Text size="xs" c="dimmed" ta="right">
            {MESSAGES.addAndNewHint}
          </Text>
        )}
      </Stack>
    </form>
  );
}
