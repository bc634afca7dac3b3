import { useState, type ReactNode } from 'react';
import { MantineProvider, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

// SPEC 2: the dark mode choice lives in localStorage under 'darkMode' ('dark' | 'light');
// public/theme-init.js applies it before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'darkMode' });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
