import { Link, useLocation } from 'react-router';
import { NavLink } from '@mantine/core';
import { navigationFor, type Role } from '@kobo/core';
import { NAV_ICONS } from './nav-icons.tsx';

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** SPEC 2's side navigation for the signed-in role. */
export function SideNav({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return navigationFor(role).map((item) => {
    const isActive = isCurrent(pathname, item.path);
    const Icon = NAV_ICONS[item.path];
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={item.label}
        leftSection={Icon ? <Icon aria-hidden /> : null}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
