import { useState, type FormEvent } from 'react';
import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LOAN_RISK_SETTING_LABELS as LABELS, MESSAGES, PAR_SCREEN_TEXT as TEXT, loanRiskSettingsInputSchema, type LoanRiskSettings } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useRiskSettings, useSaveRiskSettings } from '../../api/admin-risk-settings.ts';

type Field = keyof typeof LABELS;
type Values = Record<Field, string>;
const DAY_FIELDS = ['performingMaxDays', 'watchMaxDays', 'substandardMaxDays', 'doubtfulMaxDays'] as const satisfies readonly Field[];
const RATE_FIELDS = ['performingRate', 'watchRate', 'substandardRate', 'doubtfulRate', 'lostRate'] as const satisfies readonly Field[];
const FIELDS = [...DAY_FIELDS, ...RATE_FIELDS] as const;

/** Basis points as the form types a percentage: 2000 → '20', 1250 → '12.5'. */
function typedPercent(bp: number): string {
  return String(bp / 100);
}

function valuesOf(settings: LoanRiskSettings): Values {
  return {
    performingMaxDays: String(settings.performingMaxDays),
    watchMaxDays: String(settings.watchMaxDays),
    substandardMaxDays: String(settings.substandardMaxDays),
    doubtfulMaxDays: String(settings.doubtfulMaxDays),
    performingRate: typedPercent(settings.performingRateBp),
    watchRate: typedPercent(settings.watchRateBp),
    substandardRate: typedPercent(settings.substandardRateBp),
    doubtfulRate: typedPercent(settings.doubtfulRateBp),
    lostRate: typedPercent(settings.lostRateBp),
  };
}

/**
 * The classification scale (officers, issue 33): the days each class holds and its provision %.
 * Checked by core's schema, as the server checks it; each refusal shows beside its field.
 */
export function RiskSettingsSection() {
  const settings = useRiskSettings();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={TEXT.settingsTitle}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {TEXT.settingsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXT.settingsDescription}
        </Text>
        {settings.isError && <ErrorBanner message={errorMessage(settings.error, MESSAGES.serverError)} />}
        {settings.data && <RiskSettingsForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

function RiskSettingsForm({ saved }: { saved: LoanRiskSettings }) {
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const problems = useFormProblems(FIELDS);
  const save = useSaveRiskSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = loanRiskSettingsInputSchema.safeParse(values);
    if (problems.fromSchema(parsed.success ? null : parsed.error)) return;
    save.mutate(values, { onError: (failure) => problems.fromServer(failure, MESSAGES.serverError) });
  }

  const field = (name: Field) => (
    <TextInput
      key={name}
      label={LABELS[name]}
      inputMode="decimal"
      autoComplete="off"
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        problems.edited(name);
      }}
      error={problems.errorOf(name)}
    />
  );

  return (
    <form id={problems.formId} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {DAY_FIELDS.map(field)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          {RATE_FIELDS.map(field)}
        </SimpleGrid>
        <ErrorBanner message={problems.banner} />
        <SuccessBanner message={save.isSuccess ? TEXT.settingsSaved : null} />
        <div>
          <Button type="submit" loading={save.isPending}>
            {TEXT.settingsSave}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
