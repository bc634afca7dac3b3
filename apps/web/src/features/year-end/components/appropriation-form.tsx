import { useState, type FormEvent } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  MESSAGES,
  SAVINGS_INTEREST_METHODS,
  SHARE_DIVIDEND_METHODS,
  YEAR_END_METHOD_LABELS,
  formatNaira,
  formatRate,
  koboToNairaString,
  parseNaira,
  type SavingsInterestMethod,
  type SavingsProductView,
  type ShareDividendMethod,
  type YearEndRun,
  type YearEndRunInput,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useSaveRun } from '../api/save-run.ts';
import { useWorkedOut } from '../api/work-out-appropriation.ts';
import { YEAR_END_FAILED, membersText, surplusText } from './year-end-labels.ts';

type Rate = { rate: string; method: SavingsInterestMethod };
type Draft = { reserve: string; dividendRate: string; dividendMethod: ShareDividendMethod; interest: Record<string, Rate>; education: string; welfare: string };

const dividendChoices = SHARE_DIVIDEND_METHODS.map((value) => ({ value, label: YEAR_END_METHOD_LABELS[value] }));
const interestChoices = SAVINGS_INTEREST_METHODS.map((value) => ({ value, label: YEAR_END_METHOD_LABELS[value] }));

/** A saved rate as typed back into its field: 250 → '2.5', none → blank. */
function rateText(bp: number): string {
  return bp === 0 ? '' : String(bp / 100);
}

function draftOf(run: YearEndRun | null, products: SavingsProductView[]): Draft {
  const interest = Object.fromEntries(
    products.map((product) => {
      const saved = run?.interest.find((entry) => entry.productId === product.id);
      return [product.id, { rate: saved ? rateText(saved.rateBp) : '', method: saved?.method ?? 'average_daily' }];
    }),
  );
  return {
    reserve: run ? koboToNairaString(run.reserveKobo) : '',
    dividendRate: run ? rateText(run.dividend.rateBp) : '',
    dividendMethod: run?.dividend.method ?? 'closing',
    interest,
    education: run && run.educationFundKobo > 0 ? koboToNairaString(run.educationFundKobo) : '',
    welfare: run && run.welfareFundKobo > 0 ? koboToNairaString(run.welfareFundKobo) : '',
  };
}

/** A blank amount or rate is 0; a rate is typed in percent with two decimals at most, so its hundredths are basis points. */
function hundredths(text: string): number | null {
  return text.trim() === '' ? 0 : parseNaira(text);
}

/** The proposal as the API takes it, or the fields the browser can already tell are unreadable. */
function inputOf(year: number, draft: Draft): { input: YearEndRunInput | null; unreadable: Record<string, string> } {
  const unreadable: Record<string, string> = {};
  const amount = (field: string, text: string) => hundredths(text) ?? ((unreadable[field] = MESSAGES.enterValidAmount), 0);
  const rate = (field: string, text: string) => {
    const bp = hundredths(text);
    if (bp === null || bp > 10_000) unreadable[field] = MESSAGES.loanRateInvalid;
    return bp ?? 0;
  };
  const input: YearEndRunInput = {
    year,
    reserveKobo: amount('reserveKobo', draft.reserve),
    dividend: { rateBp: rate('dividendKobo', draft.dividendRate), method: draft.dividendMethod },
    interest: Object.entries(draft.interest)
      .filter(([, entry]) => entry.rate.trim() !== '')
      .map(([productId, entry]) => ({ productId, rateBp: rate(`savingsInterestKobo.${productId}`, entry.rate), method: entry.method })),
    educationFundKobo: amount('educationFundKobo', draft.education),
    welfareFundKobo: amount('welfareFundKobo', draft.welfare),
  };
  return { input: Object.keys(unreadable).length === 0 ? input : null, unreadable };
}

type Props = { year: number; run: YearEndRun | null; products: SavingsProductView[]; onSaved: (run: YearEndRun) => void };

/**
 * The fields a problem may name, in the form's order. Carried forward is a figure, not a field (its
 * problem echoes an over-distribution, shown under it), and the surplus's problem is the form's.
 */
function fieldsOf(products: SavingsProductView[]): string[] {
  return ['reserveKobo', 'dividendKobo', ...products.map((product) => `savingsInterestKobo.${product.id}`), 'educationFundKobo', 'welfareFundKobo'];
}

/**
 * Step 2: the appropriation. Each change is worked out by the server without saving (the amounts
 * the rates give, carried forward, and each problem beside its field); Save keeps it as a draft.
 * Save goes through the shared hook (issue 34, decision 060): the problems of the working-out that
 * matches the form are flagged at once, the first focused, two or more summed up in the banner;
 * the server's refusal stands beside the field it names. A blank field is 0, so an empty Save
 * flags only what 0 breaks (the by-laws' least reserve).
 */
export function AppropriationForm({ year, run, products, onSaved }: Props) {
  const [draft, setDraft] = useState(() => draftOf(run, products));
  const { input, unreadable } = inputOf(year, draft);
  const [asked] = useDebouncedValue(input, 300);
  const workedOut = useWorkedOut(asked);
  const save = useSaveRun();
  const problems = useFormProblems(fieldsOf(products));
  const figures = workedOut.data;
  const workedOutProblems = figures?.problems ?? [];
  // The answer on screen is for this very proposal: not the last one kept while the next is asked.
  const isCurrent = figures !== undefined && !workedOut.isPlaceholderData && JSON.stringify(asked) === JSON.stringify(input);

  const workedOutProblem = (field: string) => workedOutProblems.find((problem) => problem.field === field)?.message ?? null;
  /** Beside a field, as typed: what the browser cannot read, what Save flagged, or the last working-out's problem. */
  function errorOf(field: string): string | true | null {
    if (unreadable[field]) return unreadable[field];
    return problems.errorOf(field) ?? workedOutProblem(field);
  }
  // Any change may move every figure, so what Save flagged goes; the next working-out shows what still stands.
  function change(next: Partial<Draft>) {
    problems.clear();
    setDraft((current) => ({ ...current, ...next }));
  }
  function changeRate(productId: string, next: Partial<Rate>) {
    problems.clear();
    setDraft((current) => ({ ...current, interest: { ...current.interest, [productId]: { ...(current.interest[productId] ?? { rate: '', method: 'average_daily' }), ...next } } }));
  }
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!input || save.isPending) return;
    // Every problem the server found in this proposal, at once, rather than its refusal of the first
    // (the surplus's and carried forward's already stand, in the banner and under the figure).
    if (isCurrent && workedOutProblems.length > 0) {
      problems.check(Object.fromEntries(workedOutProblems.map((problem) => [problem.field, problem.message])));
      return;
    }
    // mutateAsync, not mutate's callbacks: saving refreshes the year's runs, which may remount this
    // form on the saved run before per-call callbacks would run (React Query drops an unmounted observer's).
    void save.mutateAsync({ id: run?.id ?? null, input }).then(onSaved, (failure: unknown) => problems.fromServer(failure, YEAR_END_FAILED.save));
  }

  const surplusProblem = workedOutProblem('surplusKobo');
  const dividendNote = figures ? `${formatNaira(figures.dividend.amountKobo)} to ${membersText(figures.dividend.memberCount)} at this rate` : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-appropriation">
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="year-end-appropriation">
              Appropriation {run ? '(draft)' : '(new proposal)'}
            </Title>
            {workedOut.isFetching && <BusyIndicator label="Working out the figures…" size="xs" />}
          </Group>
          {figures && (
            <Text size="sm">
              Surplus to share: <strong>{surplusText(figures.surplusKobo)}</strong>
            </Text>
          )}
          <ErrorBanner message={surplusProblem} />
          <ErrorBanner message={problems.banner} />
          <ErrorBanner message={workedOut.error ? errorMessage(workedOut.error, YEAR_END_FAILED.step) : null} />
          <AmountInput
            label="Reserve fund (₦)"
            value={draft.reserve}
            onChange={(reserve) => change({ reserve })}
            description={figures ? `The by-laws' minimum: ${formatNaira(figures.minimumReserveKobo)} (${formatRate(figures.reservePercentBp)} of the surplus)` : undefined}
            error={errorOf('reserveKobo')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Dividend on shares (% rate)"
              inputMode="decimal"
              autoComplete="off"
              value={draft.dividendRate}
              onChange={(event) => change({ dividendRate: event.currentTarget.value })}
              description={dividendNote}
              error={errorOf('dividendKobo')}
            />
            <Select label="Dividend method" data={dividendChoices} value={draft.dividendMethod} allowDeselect={false} onChange={(value) => value && change({ dividendMethod: value as ShareDividendMethod })} />
          </SimpleGrid>
          {products.map((product) => {
            const entry = draft.interest[product.id] ?? { rate: '', method: 'average_daily' };
            const amount = figures?.interest.find((item) => item.productId === product.id);
            return (
              <SimpleGrid key={product.id} cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={`Interest on ${product.name} (% rate)`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={entry.rate}
                  onChange={(event) => changeRate(product.id, { rate: event.currentTarget.value })}
                  description={amount ? `${formatNaira(amount.amountKobo)} to ${membersText(amount.memberCount)} at this rate` : undefined}
                  error={errorOf(`savingsInterestKobo.${product.id}`)}
                />
                <Select
                  label={`${product.name}: interest method`}
                  data={interestChoices}
                  value={entry.method}
                  allowDeselect={false}
                  onChange={(value) => value && changeRate(product.id, { method: value as SavingsInterestMethod })}
                />
              </SimpleGrid>
            );
          })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <AmountInput label="Education fund (₦)" value={draft.education} onChange={(education) => change({ education })} error={errorOf('educationFundKobo')} />
            <AmountInput label="Welfare fund (₦)" value={draft.welfare} onChange={(welfare) => change({ welfare })} error={errorOf('welfareFundKobo')} />
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed" id="year-end-carried-forward">
              Carried forward (the rest)
            </Text>
            <Text fw={700} aria-labelledby="year-end-carried-forward" data-carried-forward>
              {figures ? formatNaira(figures.carriedForwardKobo) : '—'}
            </Text>
            {workedOutProblem('carriedForwardKobo') && (
              <Text size="sm" c="red" role="alert">
                {workedOutProblem('carriedForwardKobo')}
              </Text>
            )}
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!input}>
              Save proposal
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
