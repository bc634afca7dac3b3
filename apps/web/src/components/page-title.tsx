import { useEffect } from 'react';
import { Title } from '@mantine/core';

/** A page's heading, also shown in the browser tab. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Kobo`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
