import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards.ts';
import { navigationFor } from './navigation.ts';
import type { Role } from './roles.ts';

const as = (role: Role, isActive = true) => ({ role, isActive });

describe('route guards (SPEC 2)', () => {
  it('sends a signed-out visitor to /login from every guard', () => {
    for (const guard of ['signedIn', 'adminOnly', 'officers', 'nonStaff', 'expenseWriters', 'activeStaff', 'booksReaders'] as const) {
      expect(guardRedirect(guard, null)).toBe('/login');
    }
  });

  it('admin-only: staff to /staff-savings, every other non-admin to /expenses', () => {
    expect(guardRedirect('adminOnly', as('admin'))).toBeNull();
    expect(guardRedirect('adminOnly', as('staff'))).toBe('/staff-savings');
    expect(guardRedirect('adminOnly', as('manager'))).toBe('/expenses');
    expect(guardRedirect('adminOnly', as('user'))).toBe('/expenses');
  });

  it('non-staff: staff to /staff-savings, everyone else through', () => {
    expect(guardRedirect('nonStaff', as('staff'))).toBe('/staff-savings');
    for (const role of ['admin', 'manager', 'user'] as const) expect(guardRedirect('nonStaff', as(role))).toBeNull();
  });

  it('active-staff: only an active staff record passes; others go to /unauthorized', () => {
    expect(guardRedirect('activeStaff', as('staff'))).toBeNull();
    expect(guardRedirect('activeStaff', as('staff', false))).toBe('/unauthorized');
    expect(guardRedirect('activeStaff', as('user'))).toBe('/unauthorized');
  });
});

describe('books readers (issue 27)', () => {
  it('lets through whoever may view the books and sends the rest where admin-only does', () => {
    expect(guardRedirect('booksReaders', as('admin'))).toBeNull();
    expect(guardRedirect('booksReaders', as('manager'))).toBe('/expenses');
    expect(guardRedirect('booksReaders', as('user'))).toBe('/expenses');
    expect(guardRedirect('booksReaders', as('staff'))).toBe('/staff-savings');
  });
});

describe('the auditor (issue 27)', () => {
  it('reads the officers’ screens and the books; admin-only screens send the auditor to the dashboard', () => {
    expect(guardRedirect('officers', as('auditor'))).toBeNull();
    expect(guardRedirect('booksReaders', as('auditor'))).toBeNull();
    expect(guardRedirect('nonStaff', as('auditor'))).toBeNull();
    expect(guardRedirect('adminOnly', as('auditor'))).toBe('/dashboard');
    expect(guardRedirect('expenseWriters', as('auditor'))).toBe('/expenses');
    expect(guardRedirect('activeStaff', as('auditor'))).toBe('/unauthorized');
  });

  it('leaves every other role where admin-only and non-staff left them', () => {
    expect(guardRedirect('officers', as('admin'))).toBeNull();
    expect(guardRedirect('officers', as('manager'))).toBe('/expenses');
    expect(guardRedirect('officers', as('user'))).toBe('/expenses');
    expect(guardRedirect('officers', as('staff'))).toBe('/staff-savings');
    for (const role of ['admin', 'manager', 'user'] as const) expect(guardRedirect('expenseWriters', as(role))).toBeNull();
    expect(guardRedirect('expenseWriters', as('staff'))).toBe('/staff-savings');
  });
});

describe('side navigation (SPEC 2)', () => {
  it('lists each role its pages in order', () => {
    expect(navigationFor('admin').map((item) => `${item.path} ${item.label}`)).toEqual([
      '/dashboard Dashboard',
      '/expenses Expenses',
      '/savings Staff Savings',
      '/approvals Approvals',
      '/loans Loans',
      '/reports Reports',
      '/books Books',
      '/users Users',
      '/audit Audit Log',
      '/profile Profile',
      '/settings Settings',
    ]);
    expect(navigationFor('manager').map((item) => item.path)).toEqual(['/expenses', '/savings', '/profile', '/user-settings']);
    expect(navigationFor('staff').map((item) => `${item.path} ${item.label}`)).toEqual([
      '/staff-savings My Savings',
      '/profile Profile',
      '/user-settings Settings',
    ]);
    expect(navigationFor('user').map((item) => item.path)).toEqual(['/expenses', '/profile', '/user-settings']);
    expect(navigationFor('auditor').map((item) => `${item.path} ${item.label}`)).toEqual([
      '/dashboard Dashboard',
      '/expenses Expenses',
      '/savings Staff Savings',
      '/loans Loans',
      '/reports Reports',
      '/books Books',
      '/audit Audit Log',
      '/profile Profile',
      '/user-settings Settings',
    ]);
  });
});
