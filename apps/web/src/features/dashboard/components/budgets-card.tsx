import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES, can } from '@kobo/core';
import { BudgetBars } from '../../../components/budget-bars.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useBudgets } from '../../../lib/budgets-query.ts';
import { paths } from '../../../lib/paths.ts';
import { DashboardCard } from './dashboard-card.tsx';

/**
 * Spent against budget for the period in progress (each budget's own month or year, not the
 * dashboard's period selector: a monthly budget is measured over its month). Only for those who
 * set budgets, who see every expense (docs/decisions/034-budgets-and-report-export.md).
 */
export function BudgetsCard() {
  const role = useSession().data?.role;
  const canSeeBudgets = can(role, 'manage_budgets');
  const budgets = useBudgets(canSeeBudgets);
  if (!canSeeBudgets) return null;
  return (
    <DashboardCard title="Budgets">
      {budgets.isError ? (
        <ErrorBanner message={errorMessage(budgets.error, MESSAGES.loadBudgetsFailed)} />
      ) : !budgets.data ? (
        <Text c="dimmed">{MESSAGES.loading}</Text>
      ) : budgets.data.length === 0 ? (
        <Text c="dimmed">
          {MESSAGES.noBudgetsYet}{' '}
          <Anchor component={Link} to={paths.settingsSubject('budgets')} underline="always">
            Settings → Budgets
          </Anchor>
        </Text>
      ) : (
        <BudgetBars budgets={budgets.data} />
      )}
    </DashboardCard>
  );
}
