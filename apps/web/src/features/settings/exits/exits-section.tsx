import { useRef, useState } from 'react';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { MAX_AMOUNT_KOBO, MESSAGES, koboToNairaString, parseNaira, type ExitSettings } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { SavedSettingsSection, type SavedSettingsFormProps } from '../components/saved-settings-section.tsx';
import { SettingsSaveForm, type PreparedSave } from '../components/settings-save-form.tsx';
import { useExitSettings, useSaveExitSettings } from './api/exit-settings.ts';

type Field = 'noticeDays' | 'exitFeeKobo';

const NOTICE_DAYS_INVALID = 'Enter the notice period in whole days, from 0 to 365.';
const FEE_INVALID = 'Enter the exit fee in naira: 0 or more, with at most two decimals.';

/**
 * Settings › Exits (issue 32): the notice period (days from notice to the earliest settlement,
 * waived for a death), a flat exit fee, and whether interest and the dividend are paid pro rata
 * to the exit date at the last year end's rates.
 */
export function ExitsSection() {
  return <SavedSettingsSection title="Exits" settings={useExitSettings()} loadFailedMessage={MESSAGES.serverError} savedMessage="Exit settings saved." Form={ExitsForm} />;
}

function ExitsForm({ saved, onSaved, onStart }: SavedSettingsFormProps<ExitSettings>) {
  const [noticeDays, setNoticeDays] = useState(String(saved.noticeDays));
  const [fee, setFee] = useState(koboToNairaString(saved.exitFeeKobo));
  const [proRata, setProRata] = useState(saved.proRata);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  // The field the browser's own check found wrong; a refusal from the server names its own.
  const checked = useRef<Field>('noticeDays');

  function prepare(): PreparedSave<ExitSettings> {
    const days = noticeDays.trim();
    if (!/^\d{1,3}$/.test(days) || Number(days) > 365) return fieldError('noticeDays', NOTICE_DAYS_INVALID);
    const exitFeeKobo = parseNaira(fee.trim() === '' ? '0' : fee);
    if (exitFeeKobo === null || exitFeeKobo > MAX_AMOUNT_KOBO) return fieldError('exitFeeKobo', FEE_INVALID);
    checked.current = 'noticeDays';
    return { input: { noticeDays: Number(days), exitFeeKobo, proRata } };
  }
  function fieldError(field: Field, message: string): PreparedSave<ExitSettings> {
    checked.current = field;
    return { fieldError: message };
  }
  const showProblem = (message: string | null) => setProblem(message === null ? null : { field: checked.current, message });
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null);

  return (
    <SettingsSaveForm save={useSaveExitSettings()} prepare={prepare} field="noticeDays" onFieldError={showProblem} onSaved={onSaved} onStart={onStart} submitLabel="Save exit settings">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Notice period (days)"
          description="From notice to the earliest settlement; none for a death."
          inputMode="numeric"
          autoComplete="off"
          value={noticeDays}
          onChange={(event) => setNoticeDays(event.currentTarget.value)}
          error={errorOf('noticeDays')}
        />
        <AmountInput label="Exit fee (₦)" description="Taken from what the member is paid; 0 for none." value={fee} onChange={setFee} error={errorOf('exitFeeKobo')} />
      </SimpleGrid>
      <Checkbox
        label="Pay interest and dividend pro rata to the exit date"
        description="At the rates of the last year end posted, for the days of this financial year."
        checked={proRata}
        onChange={(event) => setProRata(event.currentTarget.checked)}
      />
    </SettingsSaveForm>
  );
}
