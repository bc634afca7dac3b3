import { notifications } from '@mantine/notifications';
import { MESSAGES, formatNaira, type BudgetWarning } from '@kobo/core';

/** The sentence for a crossed budget: "Fuel has passed 80% of its budget: ₦85,000.00 of ₦100,000.00 (85.0%)". */
export function budgetWarningText(warning: BudgetWarning): string {
  const reached = warning.level === '100' ? MESSAGES.budgetReached : MESSAGES.budgetNearly;
  return `${warning.category} ${reached}: ${formatNaira(warning.spentKobo)} of ${formatNaira(warning.budgetKobo)} (${warning.percent.toFixed(1)}%)`;
}

/**
 * Shows a saved expense's budget warning (issue 14) where it cannot be missed: a notification that
 * stays until dismissed, so it survives the create page's 2-second redirect to the list and stays
 * beside the form under Add and new.
 */
export function showBudgetWarning(warning: BudgetWarning | null | undefined): void {
  if (!warning) return;
  notifications.show({
    id: `budget-${warning.categoryId}-${warning.range.from}-${warning.level}`,
    title: warning.level === '100' ? 'Budget reached' : 'Budget nearly used',
    message: budgetWarningText(warning),
    color: warning.level === '100' ? 'red' : 'yellow',
    autoClose: false,
    withCloseButton: true,
  });
}
