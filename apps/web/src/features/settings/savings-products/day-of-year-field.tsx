import { useId } from 'react';
import { Group, Input, Select } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import type { DayOfYearValue } from './product-form-values.ts';

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((label, index) => ({
  value: String(index + 1),
  label,
}));

type Props = { label: string; value: DayOfYearValue; onChange: (value: DayOfYearValue) => void; error?: string | null; required?: boolean };

/**
 * A day of the year without the year (a target product's window and pay-out day): a day and a
 * month, each a select named after the field ('Window opens day', 'Window opens month'), and the
 * field's one problem under both. Mantine writes a select's aria attributes from its own wrapper,
 * which holds no message here, so each select is marked and pointed at the message itself.
 * Neither opens its list on focus: the form moves the focus to its first invalid field (decision
 * 060), and an open list there would cover the form and be one axe finds not scrollable by keyboard.
 */
export function DayOfYearField({ label, value, onChange, error, required }: Props) {
  const errorId = useId();
  const aria = { withAria: false, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <Input.Wrapper label={label} labelElement="div" required={required} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Select
          aria-label={`${label} day`}
          placeholder="Day"
          data={DAYS}
          value={value.day || null}
          onChange={(day) => onChange({ ...value, day: day ?? '' })}
          error={Boolean(error)}
          {...aria}
          w={90}
          allowDeselect={false}
          searchable
          openOnFocus={false}
        />
        <Select
          aria-label={`${label} month`}
          placeholder="Month"
          data={MONTHS}
          value={value.month || null}
          onChange={(month) => onChange({ ...value, month: month ?? '' })}
          error={Boolean(error)}
          {...aria}
          style={{ flex: 1, minWidth: 0 }}
          allowDeselect={false}
          searchable
          openOnFocus={false}
        />
      </Group>
    </Input.Wrapper>
  );
}
