import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import { LAYOUT_DATE_FORMATS, LAYOUT_NUMBER_FORMATS, MESSAGES, type PayrollLayout, type PayrollLayoutInput } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useSavePayrollLayout } from './api/payroll-settings.ts';
import { deductionOptions, formProblems, newLayout, NUMBER_FORMAT_LABELS, withShape } from './layout-form-values.ts';
import { LayoutCodes, LayoutColumns } from './layout-columns.tsx';

const FIELDS = ['name', 'columns', 'codes'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string | undefined): name is Field => FIELDS.some((field) => field === name);

type Props = { layout: PayrollLayout | null; generic: PayrollLayout; onClose: () => void; onSaved: (layout: PayrollLayout) => void };

/**
 * Add or edit a payroll provider's layout: its name, a row per member (wide) or per deduction
 * (long, with payroll's code for each), CSV or .xlsx, the month's and amounts' formats, and the
 * columns in order. Each problem is said beside its part of the form, as the server would.
 */
export function PayrollLayoutModal({ layout, generic, onClose, onSaved }: Props) {
  const isPhone = useIsPhone();
  const save = useSavePayrollLayout();
  const deductions = deductionOptions(generic);
  const [values, setValues] = useState<PayrollLayoutInput>(() => (layout ? { ...layout } : newLayout(generic)));
  const problems = useFormProblems(FIELDS);
  // The columns and codes are drawn by their own parts, which take a sentence (not a bare flag).
  const sentenceOf = (field: Field) => {
    const error = problems.errorOf(field);
    return typeof error === 'string' ? error : undefined;
  };

  /** A change to the layout clears the flags of the parts it touches (the shape moves both the columns and the codes). */
  function change(next: Partial<PayrollLayoutInput>, ...touched: Field[]) {
    setValues((all) => ({ ...all, ...next }));
    for (const field of touched) problems.edited(field);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (problems.check(formProblems(values))) return;
    problems.clear();
    save.mutate(
      { id: layout?.id ?? null, layout: values },
      {
        onSuccess: onSaved,
        // The server names a column or code by its path ('columns.2.header'): its part of the form.
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.field?.split('.')[0] : undefined;
          problems.show(errorMessage(failure, MESSAGES.serverError), isField(field) ? field : null);
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={layout ? `Edit ${layout.name}` : 'Add payroll layout'} fullScreen={isPhone} size="lg" centered>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" description="The payroll provider, e.g. IPPIS." required maxLength={100} value={values.name} error={problems.errorOf('name')} onChange={(event) => change({ name: event.currentTarget.value }, 'name')} data-autofocus />
          <SegmentedControl
            aria-label="Shape"
            value={values.shape}
            onChange={(value) => change(withShape(values, value === 'long' ? 'long' : 'wide', deductions), 'columns', 'codes')}
            data={[
              { value: 'wide', label: 'A row per member' },
              { value: 'long', label: 'A row per deduction' },
            ]}
            fullWidth
          />
          <Group grow gap="sm" align="flex-start" preventGrowOverflow={false} wrap="wrap">
            <Select label="File" data={[{ value: 'csv', label: 'CSV' }, { value: 'xlsx', label: '.xlsx' }]} value={values.format} onChange={(value) => change({ format: value === 'xlsx' ? 'xlsx' : 'csv' })} allowDeselect={false} miw={0} comboboxProps={{ withinPortal: true }} />
            <Select
              label="Month written as"
              data={[...LAYOUT_DATE_FORMATS]}
              value={values.dateFormat}
              onChange={(value) => change({ dateFormat: LAYOUT_DATE_FORMATS.find((format) => format === value) ?? values.dateFormat })}
              allowDeselect={false}
              miw={0}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Amounts written as"
              data={LAYOUT_NUMBER_FORMATS.map((format) => ({ value: format, label: NUMBER_FORMAT_LABELS[format] }))}
              value={values.numberFormat}
              onChange={(value) => change({ numberFormat: LAYOUT_NUMBER_FORMATS.find((format) => format === value) ?? values.numberFormat })}
              allowDeselect={false}
              miw={0}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <LayoutColumns layout={values} deductions={deductions} error={sentenceOf('columns')} onChange={(columns) => change({ columns }, 'columns')} />
          {values.shape === 'long' && <LayoutCodes codes={values.codes} deductions={deductions} error={sentenceOf('codes')} onChange={(codes) => change({ codes }, 'codes')} />}
          <ErrorBanner message={problems.banner} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save layout
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
