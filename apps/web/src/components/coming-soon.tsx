import { Text } from '@mantine/core';

/** Stands in for a screen's content until its feature is built. */
export function ComingSoon() {
  return <Text c="dimmed">This screen is on its way.</Text>;
}
