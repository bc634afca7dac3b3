import { useState, type ReactNode } from 'react';
import { MantineProvider, createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

/**
 * Mantine's dark scheme draws 'light' and 'subtle' red in red.0, nearly white, so a Delete icon
 * looked like any other. Red.4 keeps the warning and still contrasts with the dark surface.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-red-light-color': 'var(--mantine-color-red-4)' },
});

// SPEC 2: the dark mode choice lives in localStorage under 'darkMode' ('dark' | 'light');
// public/theme-init.js applies it before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'darkMode' });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      // Until a person chooses, the phone's own dark-mode setting (issue 13).
      defaultColorScheme="auto"
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
