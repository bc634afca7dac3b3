import { ActionIcon, Button, Card, Group, Input, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Combobox.css';
import { FaArrowDown, FaArrowUp, FaPlus, FaTrash } from 'react-icons/fa';
import type { LayoutCode, LayoutColumn, PayrollLayoutInput } from '@kobo/core';
import { FIELD_LABELS, fieldsFor } from './layout-form-values.ts';

type Option = { value: string; label: string };

type ColumnsProps = { layout: PayrollLayoutInput; deductions: Option[]; error: string | undefined; onChange: (columns: LayoutColumn[]) => void };

/** The layout's columns in order: what each holds, its heading, and a deduction column's deductions. */
export function LayoutColumns({ layout, deductions, error, onChange }: ColumnsProps) {
  const { columns } = layout;
  const fields = fieldsFor(layout.shape).map((field) => ({ value: field, label: FIELD_LABELS[field] }));

  function set(index: number, patch: Partial<LayoutColumn>) {
    onChange(columns.map((column, at) => (at === index ? { ...column, ...patch } : column)));
  }

  function move(index: number, by: number) {
    const next = [...columns];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  }

  return (
    <Input.Wrapper label="Columns, in order" error={error}>
      <Stack gap="xs" mt={4}>
        {columns.map((column, index) => (
          <Card withBorder radius="md" padding="xs" key={index}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={`Column ${index + 1} holds`}
                data={fields}
                value={column.field}
                onChange={(value) => {
                  const field = fieldsFor(layout.shape).find((known) => known === value);
                  if (field) set(index, { field, keys: field === 'deduction' ? (column.keys ?? []) : undefined });
                }}
                allowDeselect={false}
                miw={0}
                style={{ flex: '1 1 9rem' }}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput label={`Column ${index + 1} heading`} value={column.header} maxLength={100} onChange={(event) => set(index, { header: event.currentTarget.value })} miw={0} style={{ flex: '1 1 9rem' }} />
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Move column ${index + 1} up`}>
                  <FaArrowUp aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" onClick={() => move(index, 1)} disabled={index === columns.length - 1} aria-label={`Move column ${index + 1} down`}>
                  <FaArrowDown aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" onClick={() => onChange(columns.filter((_, at) => at !== index))} disabled={columns.length === 1} aria-label={`Remove column ${index + 1}`}>
                  <FaTrash aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            {column.field === 'deduction' && (
              <MultiSelect label={`Column ${index + 1} carries`} data={deductions} value={column.keys ?? []} onChange={(keys) => set(index, { keys })} mt="xs" comboboxProps={{ withinPortal: true }} />
            )}
          </Card>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<FaPlus aria-hidden />} onClick={() => onChange([...columns, { field: 'name', header: '' }])} disabled={columns.length >= 60}>
            Add column
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

type CodesProps = { codes: LayoutCode[]; deductions: Option[]; error: string | undefined; onChange: (codes: LayoutCode[]) => void };

/** A long layout's codes: payroll's code for each group of deductions (e.g. a cooperative deduction code). */
export function LayoutCodes({ codes, deductions, error, onChange }: CodesProps) {
  function set(index: number, patch: Partial<LayoutCode>) {
    onChange(codes.map((code, at) => (at === index ? { ...code, ...patch } : code)));
  }
  return (
    <Input.Wrapper label="Deduction codes" error={error}>
      <Stack gap="xs" mt={4}>
        {codes.map((code, index) => (
          <Card withBorder radius="md" padding="xs" key={index}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput label={`Code ${index + 1}`} value={code.code} maxLength={40} onChange={(event) => set(index, { code: event.currentTarget.value })} miw={0} style={{ flex: '1 1 7rem' }} />
              <MultiSelect label={`Code ${index + 1} carries`} data={deductions} value={code.keys} onChange={(keys) => set(index, { keys })} miw={0} style={{ flex: '2 1 12rem' }} comboboxProps={{ withinPortal: true }} />
              <ActionIcon variant="subtle" color="red" onClick={() => onChange(codes.filter((_, at) => at !== index))} aria-label={`Remove code ${index + 1}`} mb={6}>
                <FaTrash aria-hidden />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<FaPlus aria-hidden />} onClick={() => onChange([...codes, { code: '', keys: [] }])} disabled={codes.length >= 60}>
            Add code
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
