import { Link, useLocation } from 'react-router';
import { Badge, NavLink } from '@mantine/core';
import '@mantine/core/styles/NavLink.css';
import { navigationFor, type Role } from '@kobo/core';
import { paths } from '../../../lib/paths.ts';
import { usePendingRequestCount } from '../../../lib/savings-requests.ts';
import { NAV_ICONS } from './nav-icons.tsx';

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** SPEC 2's side navigation for the signed-in role; Approvals (issue 15) carries how many wait. */
export function SideNav({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const items = navigationFor(role);
  const pending = usePendingRequestCount(items.some((item) => item.path === paths.approvals)).data ?? 0;
  return items.map((item) => {
    const isActive = isCurrent(pathname, item.path);
    const Icon = NAV_ICONS[item.path];
    const count = item.path === paths.approvals ? pending : 0;
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={item.label}
        leftSection={Icon ? <Icon aria-hidden /> : null}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle={count < 10} color="red" aria-label={`${count} waiting`}>
              {count}
            </Badge>
          ) : null
        }
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
