import { Switch, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import '@mantine/core/styles/Switch.css';

/**
 * SPEC 2: the dark mode toggle, saved in localStorage 'darkMode' by the provider's colour-scheme
 * manager (app/providers.tsx); public/theme-init.js reads the same key before the first paint.
 */
export function DarkModeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  return (
    <Switch
      label="Dark mode"
      checked={isDark}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
    />
  );
}
