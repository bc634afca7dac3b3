import { describe, expect, it } from 'vitest';
import { guardRedirect, SCREENS, type ScreenPath, type ScreenRule } from './guards.ts';
import { homeOf, MENU_ENTRIES, navigationFor } from './navigation.ts';
import { EXPECTED_LANDINGS, EXPECTED_MENUS } from './screens.expected.ts';
import { PERMISSIONS } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

const as = (role: Role, isActive = true) => ({ role, isActive });

describe('the screens ask the permission table (issue 28)', () => {
  it('every screen and menu entry names a permission that exists', () => {
    for (const [screen, rule] of Object.entries<ScreenRule>(SCREENS)) expect(PERMISSIONS, screen).toContain(rule.needs);
    for (const entry of MENU_ENTRIES) expect(PERMISSIONS, entry.path).toContain(entry.needs);
    expect(MENU_ENTRIES.every((entry) => entry.path in SCREENS)).toBe(true);
  });

  it('has an expected landing for every screen', () => {
    expect(Object.keys(EXPECTED_LANDINGS).toSorted()).toEqual(Object.keys(SCREENS).toSorted());
    expect(ROLES).toEqual(['admin', 'manager', 'user', 'staff', 'auditor']);
  });

  it.each(Object.entries(EXPECTED_LANDINGS))('at %s lets through or sends on each role as SPEC 2 does', (screen, landings) => {
    const actual = ROLES.map((role) => guardRedirect(screen as ScreenPath, as(role)) ?? 'ok');
    expect(actual).toEqual(landings);
  });

  it('sends a signed-out visitor to /login from every screen', () => {
    for (const screen of Object.keys(SCREENS) as ScreenPath[]) expect(guardRedirect(screen, null)).toBe('/login');
  });

  it('lets only an active staff record into /staff-savings (DECISIONS 4); other screens ignore the flag', () => {
    expect(guardRedirect('/staff-savings', as('staff', false))).toBe('/unauthorized');
    expect(guardRedirect('/profile', as('staff', false))).toBeNull();
    expect(guardRedirect('/dashboard', as('manager', false))).toBe('/expenses');
  });

  it('sends a refused role to the first screen of its menu', () => {
    expect(ROLES.map(homeOf)).toEqual(['/dashboard', '/expenses', '/expenses', '/staff-savings', '/dashboard']);
  });
});

describe('side navigation (SPEC 2)', () => {
  it.each(ROLES)('lists the %s their pages in order', (role) => {
    expect(navigationFor(role).map((item) => `${item.path} ${item.label}`)).toEqual(EXPECTED_MENUS[role]);
  });
});
