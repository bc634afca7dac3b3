import { useRef, useState } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { MESSAGES, parseNaira, type YearEndSettings } from '@kobo/core';
import { useSaveYearEndSettings, useYearEndSettings } from '../api/year-end-settings.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
import { SettingsSaveForm, type PreparedSave } from './settings-save-form.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_CHOICES = MONTHS.map((label, index) => ({ value: String(index + 1), label }));

/** A percentage as typed (two decimals at most) in basis points, or null when unreadable or above `maxBp`. */
function basisPoints(text: string, maxBp: number): number | null {
  const bp = parseNaira(text.trim() === '' ? '0' : text);
  return bp !== null && bp <= maxBp ? bp : null;
}

/**
 * Settings → Year end (issue 31): the month the financial year starts in, the by-laws' least
 * reserve (a percentage of the surplus), and the withholding tax taken from members' dividends and interest.
 */
export function YearEndSection() {
  return (
    <SavedSettingsSection title="Year end" settings={useYearEndSettings()} loadFailedMessage={MESSAGES.serverError} savedMessage="Year-end settings saved" Form={YearEndForm} />
  );
}

function YearEndForm({ saved, onSaved, onStart }: SavedSettingsFormProps<YearEndSettings>) {
  const [firstMonth, setFirstMonth] = useState(String(saved.firstMonth));
  const [reserve, setReserve] = useState(String(saved.reservePercentBp / 100));
  const [tax, setTax] = useState(String(saved.withholdingTaxBp / 100));
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  // The field the browser's own check found wrong; a refusal from the server names the reserve.
  const checked = useRef<Field | null>(null);

  function prepare(): PreparedSave<YearEndSettings> {
    checked.current = null;
    const reservePercentBp = basisPoints(reserve, 10_000);
    if (reservePercentBp === null) return fieldError('reservePercentBp');
    const withholdingTaxBp = basisPoints(tax, 10_000);
    if (withholdingTaxBp === null) return fieldError('withholdingTaxBp');
    return { input: { firstMonth: Number(firstMonth), reservePercentBp, withholdingTaxBp } };
  }
  function fieldError(field: Field): PreparedSave<YearEndSettings> {
    checked.current = field;
    return { fieldError: PERCENT_INVALID };
  }
  const showProblem = (message: string | null) => setProblem(message === null ? null : { field: checked.current ?? 'reservePercentBp', message });
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null);

  return (
    <SettingsSaveForm save={useSaveYearEndSettings()} prepare={prepare} field="reservePercentBp" onFieldError={showProblem} onSaved={onSaved} onStart={onStart} submitLabel="Save year-end settings">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label="The financial year starts in" data={MONTH_CHOICES} value={firstMonth} allowDeselect={false} onChange={(value) => value && setFirstMonth(value)} />
        <TextInput
          label="Least reserve (% of the surplus)"
          inputMode="decimal"
          autoComplete="off"
          value={reserve}
          onChange={(event) => setReserve(event.currentTarget.value)}
          error={errorOf('reservePercentBp')}
        />
        <TextInput
          label="Withholding tax (%)"
          description="Taken from each member's dividend and interest, to a payable account."
          inputMode="decimal"
          autoComplete="off"
          value={tax}
          onChange={(event) => setTax(event.currentTarget.value)}
          error={errorOf('withholdingTaxBp')}
        />
      </SimpleGrid>
    </SettingsSaveForm>
  );
}

type Field = 'reservePercentBp' | 'withholdingTaxBp';

const PERCENT_INVALID = 'Please enter a percentage from 0% to 100%, with at most two decimals';
