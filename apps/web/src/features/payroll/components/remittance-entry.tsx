import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { MESSAGES, formatNaira, parseNaira, type AdviceDetail, type RemittanceDraft, type RemittanceLineInput, type RemittanceMatch, type UploadedRemittance } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useMatchRemittance, usePostRemittance } from '../api/remittance.ts';
import { KeyedAmounts } from './keyed-amounts.tsx';
import { MatchResult } from './match-result.tsx';
import { keyedLines, postBlockedReason } from './payroll-figures.ts';
import { RemittanceFile } from './remittance-file.tsx';

type Props = { month: string; detail: AdviceDetail };

/**
 * The remittance before it posts: payroll's file (in any layout) or amounts keyed per member, the
 * bank amount received, Match, then Post. Post stays disabled, saying why, while a line cannot be
 * read or the bank amount differs from what payroll's lines total. A changed line clears the match.
 */
export function RemittanceEntry({ month, detail }: Props) {
  const [source, setSource] = useState<'file' | 'keyed'>('file');
  const [uploaded, setUploaded] = useState<UploadedRemittance | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [bank, setBank] = useState('');
  const [bankError, setBankError] = useState<string | null>(null);
  const [matched, setMatched] = useState<{ match: RemittanceMatch; lines: RemittanceLineInput[] } | null>(null);
  const [postError, setPostError] = useState<string | null>(null);
  const match = useMatchRemittance();
  const post = usePostRemittance();
  const idempotency = useIdempotencyKey();

  const bankKobo = bank.trim() === '' ? null : parseNaira(bank);
  const lines = source === 'file' ? (uploaded?.lines ?? null) : keyedLines(detail.lines, typed);
  // The bank amount moves the difference only: the match itself stands.
  const current = matched && {
    ...matched.match,
    bankAmountKobo: bankKobo,
    differenceKobo: bankKobo === null ? null : bankKobo - matched.match.totals.remittedKobo,
  };
  const blocked = current ? postBlockedReason(current) : null;

  function draft(forLines: RemittanceLineInput[]): RemittanceDraft {
    return {
      lines: forLines,
      bankAmountKobo: bankKobo,
      source,
      ...(source === 'file' && uploaded ? { fileName: uploaded.fileName, fileHash: uploaded.fileHash } : {}),
    };
  }

  function clearMatch() {
    setMatched(null);
    setPostError(null);
    match.reset();
  }

  function handleMatch() {
    if (!lines || match.isPending) return;
    if (bankKobo === null && bank.trim() !== '') return setBankError(MESSAGES.enterValidAmount);
    setPostError(null);
    match.mutate({ month, draft: draft(lines) }, { onSuccess: (answer) => setMatched({ match: answer, lines }) });
  }

  function handlePost() {
    if (!matched || blocked || post.isPending) return;
    setPostError(null);
    const body = draft(matched.lines);
    post.mutate(
      { month, draft: body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => idempotency.reset(),
        onError: (failure) => {
          const message = errorMessage(failure, MESSAGES.serverError);
          if (failure instanceof ApiError && failure.field === 'bankAmountKobo') setBankError(message);
          else setPostError(message);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label="What payroll remitted">
        <Stack gap="sm">
          <Title order={2} size="h4">
            What payroll remitted
          </Title>
          <SegmentedControl
            value={source}
            onChange={(value) => {
              setSource(value === 'keyed' ? 'keyed' : 'file');
              clearMatch();
            }}
            data={[
              { value: 'file', label: "Upload payroll's file" },
              { value: 'keyed', label: 'Key amounts' },
            ]}
            fullWidth
          />
          {source === 'file' ? (
            <RemittanceFile
              month={month}
              uploaded={uploaded}
              onUploaded={(next) => {
                setUploaded(next);
                clearMatch();
              }}
            />
          ) : (
            <KeyedAmounts
              detail={detail}
              typed={typed}
              onChange={(next) => {
                setTyped(next);
                clearMatch();
              }}
            />
          )}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <div style={{ flex: '1 1 14rem' }}>
              <AmountInput
                label="Bank amount received (₦)"
                description="What the bank statement shows payroll paid in for this month."
                value={bank}
                error={bankError}
                onChange={(next) => {
                  setBank(next);
                  setBankError(null);
                }}
              />
            </div>
            {current && (
              <div style={{ flex: '1 1 14rem' }} aria-live="polite">
                <Text size="sm">Remitted total {formatNaira(current.totals.remittedKobo)}</Text>
                {current.differenceKobo !== null && (
                  <Text size="sm" c={current.differenceKobo === 0 ? 'green' : 'red'}>
                    Difference {current.differenceKobo < 0 ? '−' : ''}
                    {formatNaira(Math.abs(current.differenceKobo))}
                  </Text>
                )}
              </div>
            )}
          </Group>
          <ErrorBanner message={match.isError ? errorMessage(match.error, MESSAGES.serverError) : null} />
          <Group justify="flex-end">
            <Button onClick={handleMatch} loading={match.isPending} disabled={!lines || lines.length === 0}>
              Match
            </Button>
          </Group>
          {match.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Matching {lines?.length ?? 0} lines against the issued advice…
            </Text>
          )}
        </Stack>
      </Paper>
      {current && (
        <>
          <MatchResult title="Match" counts={current.counts} outcomeKobo={current.outcomeKobo} totals={current.totals} bankAmountKobo={current.bankAmountKobo} members={current.members} />
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {blocked && (
                <Text size="sm" c="red" id="post-blocked">
                  {blocked}
                </Text>
              )}
              <ErrorBanner message={postError} />
              {post.isPending && (
                <Text size="sm" c="dimmed" aria-live="polite">
                  Posting the remittance: contributions, loan repayments, arrears and over-deductions…
                </Text>
              )}
              <Group justify="flex-end">
                <Button onClick={handlePost} disabled={blocked !== null} loading={post.isPending} aria-describedby={blocked ? 'post-blocked' : undefined}>
                  Post remittance ({formatNaira(current.totals.paidKobo)})
                </Button>
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
