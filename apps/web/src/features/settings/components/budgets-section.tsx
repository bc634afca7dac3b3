import { useState, type FormEvent } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { BUDGET_PERIODS, BUDGET_PERIOD_LABELS, MESSAGES, budgetInputSchema, type BudgetPeriod } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { BudgetBars } from '../../../components/budget-bars.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { BUDGETS_QUERY_KEY, useBudgets } from '../../../lib/budgets-query.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { useLiveQueries } from '../../../lib/live-changes.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useRemoveBudget, useSetBudget } from '../api/budgets.ts';
import { SettingsSection } from './settings-section.tsx';

const PERIOD_OPTIONS = BUDGET_PERIODS.map((value) => ({ value, label: BUDGET_PERIOD_LABELS[value] }));
// Another session's expense or budget moves the bars.
const LIVE = { expenses: [BUDGETS_QUERY_KEY], categories: [BUDGETS_QUERY_KEY] };

const FIELDS = ['categoryId', 'period', 'amount'] as const;

/**
 * Settings → Budgets (issue 14), for admins and managers: a monthly or yearly budget per item,
 * and each budget's spending this period. Setting an item that has one replaces it.
 */
export function BudgetsSection() {
  const categories = useCategories();
  const budgets = useBudgets();
  const setBudget = useSetBudget();
  const removeBudget = useRemoveBudget();
  const flash = useFlashMessage();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [period, setPeriod] = useState<BudgetPeriod>('month');
  const [amount, setAmount] = useState<string | number>('');
  const problems = useFormProblems(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveQueries(LIVE);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flash.clear();
    setFailure(null);
    // The item is the form's own check (it is the address, not the body): it joins the schema's.
    const parsed = budgetInputSchema.safeParse({ period, amount: String(amount) });
    const noItem = { categoryId: categoryId ? null : MESSAGES.categoryNotFound };
    if (!parsed.success || !categoryId) return void problems.fromSchema(parsed.error, noItem);
    problems.clear();
    setBudget.mutate(
      { categoryId, input: { period, amount: String(amount) } },
      {
        onSuccess: () => {
          flash.show(MESSAGES.budgetSaved);
          setAmount('');
        },
        onError: (error) => problems.fromServer(error, MESSAGES.saveBudgetFailed),
      },
    );
  }

  function remove(id: string) {
    flash.clear();
    setFailure(null);
    problems.clear();
    removeBudget.mutate(id, {
      onSuccess: () => flash.show(MESSAGES.budgetRemoved),
      onError: (error) => setFailure(errorMessage(error, MESSAGES.removeBudgetFailed)),
    });
  }

  const items = (categories.data ?? []).map((category) => ({ value: category.id, label: category.name }));
  return (
    <SettingsSection title="Budgets">
      <Text size="sm" c="dimmed">
        A monthly or yearly budget per item. Adding an expense that takes an item past 80% or 100% of its budget says so.
      </Text>
      <ErrorBanner message={failure ?? (budgets.isError ? errorMessage(budgets.error, MESSAGES.loadBudgetsFailed) : null)} />
      <SuccessBanner message={flash.message} />
      <form id={problems.formId} onSubmit={handleSubmit} noValidate aria-label="Set a budget">
        <Stack gap="sm">
          <ErrorBanner message={problems.banner} />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label="Item"
              data={items}
              value={categoryId}
              onChange={(value) => {
                setCategoryId(value);
                problems.edited('categoryId');
              }}
              searchable
              error={problems.errorOf('categoryId')}
              miw={200}
              style={{ flex: 1 }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="budget-period-label">
                Period
              </Text>
              <SegmentedControl<BudgetPeriod>
                aria-labelledby="budget-period-label"
                data={PERIOD_OPTIONS}
                value={period}
                onChange={(value) => {
                  setPeriod(value);
                  problems.edited('period');
                }}
              />
              {typeof problems.errorOf('period') === 'string' && (
                <Text size="xs" c="red">
                  {problems.errorOf('period')}
                </Text>
              )}
            </Stack>
            <AmountInput
              label="Budget (₦)"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                problems.edited('amount');
              }}
              error={problems.errorOf('amount')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={setBudget.isPending}>
              Save Budget
            </Button>
          </Group>
        </Stack>
      </form>
      {budgets.data && budgets.data.length === 0 && <Text c="dimmed">{MESSAGES.noBudgetsYet}</Text>}
      {budgets.data && budgets.data.length > 0 && (
        <BudgetBars
          budgets={budgets.data}
          renderAction={(budget) => (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Remove the budget for ${budget.name}`}
              loading={removeBudget.isPending && removeBudget.variables === budget.categoryId}
              onClick={() => remove(budget.categoryId)}
            >
              Remove
            </Button>
          )}
        />
      )}
    </SettingsSection>
  );
}
