import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Title } from '@mantine/core';

/** The address whose heading was last shown; null until the first page of this load has shown one. */
let shownPathname: string | null = null;

/**
 * A page's heading, also shown in the browser tab. After a move to another page (issue 13, WCAG
 * 2.4.3) focus goes to it, so a screen reader announces the new page and the next Tab starts from
 * its top; not on the first load (the browser starts at the top already), nor when only the query
 * changes (a filter, a tab), which would pull focus away from the control just used.
 */
export function PageTitle({ children }: { children: string }) {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · Kobo`;
  }, [children]);
  useEffect(() => {
    if (shownPathname !== null && shownPathname !== pathname) heading.current?.focus();
    shownPathname = pathname;
  }, [pathname]);
  return (
    // tabIndex -1: focusable by the code above, never a Tab stop; no ring, it is not a control.
    <Title ref={heading} order={1} size="h2" mb="md" tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
