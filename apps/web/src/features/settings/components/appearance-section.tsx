import { DarkModeToggle } from '../../../components/dark-mode-toggle.tsx';
import { SettingsSection } from './settings-section.tsx';

export function AppearanceSection() {
  return (
    <SettingsSection title="Appearance">
      <DarkModeToggle />
    </SettingsSection>
  );
}
