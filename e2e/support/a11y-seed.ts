import type { CategoryView, LoanProductView, LoanView, SavingsHolderListItem } from '@kobo/core';
import { lagosDay, lagosToday } from './expense-seed.ts';
import type { KoboServer, TestUser } from './kobo-server.ts';
import type { SeededStaff } from './savings-seed.ts';
import { apiAs } from './users-seed.ts';

export type A11yData = {
  admin: TestUser;
  regular: TestUser;
  tunde: SeededStaff;
  amaka: SeededStaff;
  loan: LoanView;
};

/**
 * Enough of everything that no swept page is empty: staff with balances, a transfer, standing
 * contributions, expenses in three categories, a disbursed loan and an application, and requests
 * waiting in Approvals. The accessibility sweeps judge the pages as people use them, full.
 * One signed-in API client per person: each sign-in is a password hash, slow on a busy machine.
 */
export async function seedForSweep(kobo: KoboServer): Promise<A11yData> {
  const admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const regular = await kobo.createUser('user', { name: 'Chidi Regular' });
  await kobo.createUser('manager', { name: 'Musa Manager' });
  const asAdmin = await apiAs(kobo, admin);
  const post = <T>(url: string, body: object) => asAdmin('POST', url, body) as Promise<T>;

  async function createStaff(name: string): Promise<SeededStaff> {
    const email = `${name.toLowerCase().replaceAll(/\W+/g, '.')}@kobo.test`;
    const { staff } = await post<{ staff: SavingsHolderListItem }>('/api/savings/staff', { email, password: 'password1', name });
    return { id: staff.userId, email, name, password: 'password1', role: 'staff', staffId: staff.staffId ?? '' };
  }
  const tunde = await createStaff('Tunde Bello');
  const amaka = await createStaff('Amaka Eze');
  await post('/api/savings/transactions', { userId: tunde.id, type: 'deposit', amount: '150000', description: 'Opening balance' });
  await post('/api/savings/transactions', { userId: amaka.id, type: 'deposit', amount: '80000', description: 'Opening balance' });
  await post('/api/savings/transactions', { userId: tunde.id, type: 'withdrawal', amount: '5000', description: 'School fees' });
  await post('/api/savings/transfers', { fromUserId: tunde.id, toUserId: amaka.id, amount: '2500', description: 'Lunch money' });
  await asAdmin('PUT', '/api/savings/contributions', {
    contributions: [
      { userId: tunde.id, amount: '15000' },
      { userId: amaka.id, amount: '10000' },
    ],
  });

  const category = async (name: string, color: string, icon: string) => (await post<{ category: CategoryView }>('/api/categories', { name, color, icon })).category;
  const food = await category('Food', '#FF6B6B', 'FaUtensils');
  const transport = await category('Transport', '#45B7D1', 'FaToolbox');
  const stationery = await category('Stationery', '#96CEB4', 'FaGraduationCap');
  await post('/api/expenses', { categoryId: food.id, amount: '12,500', description: 'Team lunch', date: lagosToday() });
  await post('/api/expenses', { categoryId: transport.id, amount: '4,000', description: 'Taxi', date: lagosDay(-2) });
  await post('/api/expenses', { categoryId: stationery.id, amount: '1,750.50', description: 'Printer paper', date: lagosDay(-9) });

  const terms = { maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '0' };
  const { product } = await post<{ product: LoanProductView }>('/api/loan-products', { name: 'Staff Loan', method: 'reducing', annualRate: '12', ...terms });
  const apply = async (holder: SeededStaff, amount: string, months: string, purpose: string) =>
    (await post<{ loan: LoanView }>('/api/loans', { productId: product.id, userId: holder.id, amount, months, purpose, guarantors: [] })).loan;
  const loan = await apply(tunde, '50,000', '6', 'School fees');
  await post(`/api/loans/${loan.id}/decision`, { decision: 'approve' });
  await post(`/api/loans/${loan.id}/disbursement`, {});
  await apply(amaka, '20,000', '4', 'Rent');

  // Requests in Approvals: a member's own deposit (a request by default) and a withdrawal above the threshold.
  await asAdmin('PUT', '/api/savings/approval-settings', { twoPersonThreshold: '50000', memberPostingsDirect: false });
  const asRegular = await apiAs(kobo, regular);
  await asRegular('POST', '/api/savings/transactions', { type: 'deposit', amount: '3000', description: 'Cash at the office' });
  await post('/api/savings/transactions', { userId: amaka.id, type: 'withdrawal', amount: '60000', description: 'Rent' });
  return { admin, regular, tunde, amaka, loan };
}
