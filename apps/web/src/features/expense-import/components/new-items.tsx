import { Checkbox, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';

type Props = {
  names: string[];
  canCreate: boolean;
  ticked: string[];
  isDisabled: boolean;
  onChange: (ticked: string[]) => void;
};

/** The file's unknown items: ticked ones are created with the import and their rows become ready. */
export function NewItems({ names, canCreate, ticked, isDisabled, onChange }: Props) {
  if (names.length === 0) return null;
  if (!canCreate) {
    return (
      <Text size="sm" c="dimmed">
        Items not found: {names.join(', ')}. Ask an administrator or manager to create them, or change the file.
      </Text>
    );
  }
  return (
    <Checkbox.Group label="New items" description="Tick the items to create with this import." value={ticked} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {names.map((name) => (
          <Checkbox key={name} value={name} label={`Create “${name}”`} disabled={isDisabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
