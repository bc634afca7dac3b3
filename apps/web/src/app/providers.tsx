import { useState, type ReactNode } from 'react';
import { Drawer, MantineProvider, Modal, createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';

/**
 * Contrast to WCAG 2.2 AA (issue 13): white on Mantine's default blue.6 is 3.55:1, on blue.8
 * 4.93:1, so filled controls use shade 8 in both schemes. Modal and drawer close buttons get a
 * name, which Mantine leaves empty.
 */
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/**
 * Mantine's dark scheme draws 'light' and 'subtle' red in red.0, nearly white, so a Delete icon
 * looked like any other. Red.4 keeps the warning and still contrasts with the dark surface.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Secondary ('dimmed') text: gray.6 on white is 3.32:1; gray.7 is 8.6:1. In the dark scheme
  // dark.2 on dark.7 is about 4.3:1; dark.1 is above 7:1.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-red-light-color': 'var(--mantine-color-red-4)', '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
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
