import type { ReactNode } from 'react';
import { MantineProvider, createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ScreenGuessContext, type ScreenGuess } from '../lib/use-screen-size.ts';
import { NotificationsOutlet } from './notifications-outlet.tsx';
import focusRing from './focus-ring.module.css';
import badgeWraps from './badge-wraps.module.css';

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
    // Plain objects, not Modal.extend(): importing Modal and Drawer here would put them, their
    // scroll lock and focus trap into every page's first load (issue 13, page weight).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every text field (TextInput, Select, NumberInput, PasswordInput… are all Input) shows a focus ring.
    Input: { classNames: { input: focusRing.input } },
    // Issue 34: a badge grows or wraps to show every word, never an ellipsis.
    Badge: { classNames: { root: badgeWraps.root, label: badgeWraps.label } },
    // The colour picker's eyedropper is an icon-only button that Mantine leaves unnamed.
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
  },
});

/**
 * Light scheme, WCAG 2.2 AA (issue 13): Mantine draws 'light' badges in shade 9 on shade 1, and
 * filled and outline controls in shade 8 (our primaryShade) with white; for these palettes that is
 * under 4.5:1 (green.9 on green.1 3.81, yellow 2.69, white on green.8 3.45). Each gets one darker
 * ink for all three, at least 4.7:1 on its tint, on white and on gray.0 (docs/decisions/031).
 */
const DARKER_INK = {
  red: '#c32929',
  orange: '#b83d0d',
  yellow: '#a65600',
  lime: '#4b780b',
  green: '#267937',
  teal: '#087756',
  cyan: '#0b7285',
} as const;
const darkerInks = Object.fromEntries(
  Object.entries(DARKER_INK).flatMap(([color, ink]) =>
    ['light-color', 'filled', 'outline'].map((variable) => [`--mantine-color-${color}-${variable}`, ink]),
  ),
);

/**
 * Mantine's dark scheme draws 'light' and 'subtle' red in red.0, nearly white, so a Delete icon
 * looked like any other. Red.4 keeps the warning and still contrasts with the dark surface.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Secondary ('dimmed') text: gray.6 on white is 3.32:1; gray.7 is 8.6:1. In the dark scheme
  // dark.2 on dark.7 is about 4.3:1; dark.1 is above 7:1.
  // A field's error sentence: red.6 on white was 3.28:1, red.8 on dark.7 3.43:1.
  // Placeholders take the dimmed ink too: a FileInput's "Choose a file" is real text, not a native
  // placeholder, and gray.5 on white (or dark.3 on dark.6) failed contrast on the import screen.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': DARKER_INK.red,
    ...darkerInks,
  },
  dark: {
    '--mantine-color-red-light-color': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

// SPEC 2: the dark mode choice lives in localStorage under 'darkMode' ('dark' | 'light');
// public/theme-init.js applies it before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'darkMode' });

/** `screenGuess`: the server's guess of the screen, the same on the server and the hydrating browser (docs/decisions/058). */
export function Providers({ queryClient, screenGuess = 'desktop', children }: { queryClient: QueryClient; screenGuess?: ScreenGuess; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      // Until a person chooses, the phone's own dark-mode setting (issue 13).
      defaultColorScheme="auto"
    >
      <NotificationsOutlet />
      <QueryClientProvider client={queryClient}>
        <ScreenGuessContext value={screenGuess}>{children}</ScreenGuessContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
