import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, SCREENS } from '@kobo/core';
import { routes } from './routes.tsx';

/** Every route inside the signed-in layout (the layout's index, a redirect to /dashboard, aside). */
function screensOf(all: RouteObject[]): RouteObject[] {
  const layout = all.flatMap((route) => route.children ?? []).find((route) => route.path === '/');
  return (layout?.children ?? []).filter((route) => !route.index);
}

describe('each screen asks the permission table (issue 28)', () => {
  it('puts every screen inside the layout behind the permission core gives its path', () => {
    const screens = screensOf(routes);
    expect(screens.length).toBe(31);
    for (const route of screens) {
      const screen = (route.handle as { screen?: string } | undefined)?.screen;
      expect(screen, `${route.path} declares its screen`).toBe(route.path);
      expect(Object.keys(SCREENS), `${route.path} is in core's SCREENS`).toContain(screen);
      expect(PERMISSIONS).toContain(SCREENS[screen as keyof typeof SCREENS].needs);
      expect(isValidElement(route.element) && (route.element.props as { screen?: string }).screen, `${route.path} is guarded`).toBe(route.path);
    }
  });

  it('leaves no screen in core that the app does not route', () => {
    const routed = ['/', ...screensOf(routes).map((route) => route.path)];
    expect(routed.toSorted()).toEqual(Object.keys(SCREENS).toSorted());
  });
});
