import { addDays, calendarDate, DEFAULT_TIMEZONE, type CategoryView, type ExpenseView, type IsoDate } from '@kobo/core';
import type { KoboServer, TestUser } from './kobo-server.ts';

/** Today in the organisation's zone (the e2e server runs with the default APP_TIMEZONE). */
export function lagosToday(): IsoDate {
  return calendarDate(new Date(), DEFAULT_TIMEZONE);
}

/** `days` calendar days from today in Lagos (negative for the past). */
export function lagosDay(days: number): IsoDate {
  return addDays(lagosToday(), days);
}

export type ExpenseApi = Awaited<ReturnType<typeof expenseApi>>;

/**
 * Seeds issue 3's data through the real API, signed in as `user`, in this process (inject, no
 * browser): categories need an admin or a manager; expenses are recorded as `user`.
 */
export async function expenseApi(kobo: KoboServer, user: TestUser) {
  const signIn = await kobo.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
    const response = await kobo.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return (response.statusCode === 204 ? null : response.json()) as T;
  }

  return {
    async addCategory(name: string, options: { color?: string; icon?: string } = {}): Promise<CategoryView> {
      const { category } = await call<{ category: CategoryView }>('POST', '/api/categories', { name, ...options });
      return category;
    },
    deleteCategory: (id: string) => call<null>('DELETE', `/api/categories/${id}`),
    async addExpense(input: { categoryId: string; amount: string | number; date?: IsoDate; description?: string; title?: string }): Promise<ExpenseView> {
      const { expense } = await call<{ expense: ExpenseView }>('POST', '/api/expenses', { date: lagosToday(), ...input });
      return expense;
    },
    /** `count` expenses one after another (so each has its own created_at), amounts 1, 2, … naira. */
    async addExpenses(count: number, input: { categoryId: string; date?: IsoDate; description?: string }): Promise<ExpenseView[]> {
      const added: ExpenseView[] = [];
      for (let index = 1; index <= count; index += 1) {
        added.push(await this.addExpense({ ...input, amount: index, description: `${input.description ?? 'Expense'} ${index}` }));
      }
      return added;
    },
    deleteExpense: (id: string) => call<{ message: string }>('DELETE', `/api/expenses/${id}`),
    deleteUser: (id: string) => call<unknown>('DELETE', `/api/users/${id}`),
  };
}
