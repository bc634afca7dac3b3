import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, List, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/List.css';
import { API_TOKEN_SCOPE_RULES, API_TOKEN_SCOPES, MESSAGES, createApiTokenSchema, type ApiTokenView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';
import { SettingsSection } from './settings-section.tsx';

const FIELDS = ['name', 'scope', 'days', 'expiresAt', 'ipRanges'] as const;
const SCOPES = API_TOKEN_SCOPES.map((value) => ({ value, label: API_TOKEN_SCOPE_RULES[value].label }));
/** A number of days, or 'date': the end of a chosen day (issue 28). */
const ON_A_DATE = 'date';
const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: '365', label: '1 year' },
  { value: '730', label: '2 years' },
  { value: ON_A_DATE, label: 'On a date' },
];

/** The ranges as typed, one per line or separated by commas or spaces. */
function rangesOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((range) => range !== '');
}

/** The last moment of a day (YYYY-MM-DD) in this browser's time zone, as an instant; undefined when none is chosen. */
function endOfDay(day: string): string | undefined {
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/**
 * Settings → API tokens (issue 16, docs/decisions/027-metrics-and-tokens.md): a payroll system or a
 * report connects with a token; its secret is shown once, here, with a copy button.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <SettingsSection title="API tokens">
      <Text size="sm" c="dimmed">
        Another system (payroll, a report) calls Kobo with a token: <Code>Authorization: Bearer kobo_…</Code>. It acts within its scope, never beyond what
        its maker may do, appears in the audit log under its name, and stops working when it expires or is revoked. It may also be limited to some IP ranges.
      </Text>
      <ScopeList />
      <CreateTokenForm onCreated={setSecret} />
      {secret && <NewSecret secret={secret} />}
      {tokens.isPending ? (
        <PageLoading />
      ) : tokens.isError ? (
        <ErrorBanner message={errorMessage(tokens.error, MESSAGES.loadApiTokensFailed)} />
      ) : (
        <TokenList tokens={tokens.data.tokens} />
      )}
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateApiToken();
  const problem = useFormProblems(FIELDS);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<string | null>(null);
  const [days, setDays] = useState<string | null>('90');
  const [day, setDay] = useState('');
  const [ranges, setRanges] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const expiry = days === ON_A_DATE ? { expiresAt: endOfDay(day) } : { days: days === null ? undefined : Number(days) };
    const parsed = createApiTokenSchema.safeParse({ name, scope: scope ?? undefined, ...expiry, ipRanges: rangesOf(ranges) });
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        onCreated(created.secret);
        setName('');
        setRanges('');
      },
      onError: (failure) => problem.fromServer(failure, MESSAGES.createApiTokenFailed),
    });
  }

  return (
    <form id={problem.formId} onSubmit={handleSubmit} noValidate aria-label="New API token">
      <Stack gap="sm">
        <ErrorBanner message={problem.banner} />
        <TextInput label="Name" description="Who uses it, e.g. Payroll" value={name} onChange={(event) => setName(event.currentTarget.value)} error={problem.errorOf('name')} required maxLength={100} />
        <Select
          label="What it may do"
          description={scope ? API_TOKEN_SCOPE_RULES[scope as keyof typeof API_TOKEN_SCOPE_RULES].allows : undefined}
          data={SCOPES}
          value={scope}
          onChange={setScope}
          error={problem.errorOf('scope')}
          required
          allowDeselect={false}
        />
        <Select label="Expires" data={EXPIRIES} value={days} onChange={setDays} error={problem.errorOf('days')} required allowDeselect={false} />
        {days === ON_A_DATE && (
          <TextInput type="date" label="Expires at the end of" value={day} onChange={(event) => setDay(event.currentTarget.value)} error={problem.errorOf('expiresAt')} required />
        )}
        <Textarea
          label="IP ranges (optional)"
          description="Only from these addresses, one per line: 203.0.113.0/24, 2001:db8::/32 or a single address. Empty: from anywhere."
          value={ranges}
          onChange={(event) => setRanges(event.currentTarget.value)}
          error={problem.errorOf('ipRanges')}
          autosize
          minRows={2}
          spellCheck={false}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every scope and what it allows (core's token-scopes.ts), beside the form that offers them. */
function ScopeList() {
  return (
    <List size="sm" spacing={2} aria-label="Token scopes">
      {API_TOKEN_SCOPES.map((scope) => (
        <List.Item key={scope}>
          <Text span size="sm" fw={500}>
            {API_TOKEN_SCOPE_RULES[scope].label}
          </Text>
          <Text span size="sm" c="dimmed">
            {`: ${API_TOKEN_SCOPE_RULES[scope].allows}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function NewSecret({ secret }: { secret: string }) {
  return (
    <Alert color="green" title={MESSAGES.apiTokenCreated} role="status">
      <Stack gap="xs">
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="The new token">
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function statusOf(token: ApiTokenView): { label: string; color: string } {
  if (token.revokedAt) return { label: 'Revoked', color: 'gray' };
  if (new Date(token.expiresAt).getTime() <= Date.now()) return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'green' };
}

function TokenList({ tokens }: { tokens: ApiTokenView[] }) {
  const revoke = useRevokeApiToken();
  const flash = useFlashMessage();
  const [chosen, setChosen] = useState<ApiTokenView | null>(null);
  if (tokens.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No API tokens yet
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <SuccessBanner message={flash.message} />
      {tokens.map((token) => {
        const status = statusOf(token);
        return (
          <Paper key={token.id} withBorder radius="sm" p="sm" component="article" aria-label={`API token ${token.name}`}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                  </Text>
                  <Badge variant="light" color={status.color}>
                    {status.label}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {API_TOKEN_SCOPE_RULES[token.scope].label}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  From: {token.ipRanges.length > 0 ? token.ipRanges.join(', ') : 'any address'}
                </Text>
                <Text size="xs" c="dimmed">
                  Last used: {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never'} · Expires: {formatDateTime(token.expiresAt)}
                  {token.createdByName ? ` · Created by ${token.createdByName}` : ''}
                </Text>
              </Stack>
              {status.label === 'Active' && (
                <Button size="xs" color="red" variant="light" onClick={() => setChosen(token)} aria-label={`Revoke the token ${token.name}`}>
                  Revoke
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
      <ConfirmDialog
        isOpen={chosen !== null}
        title="Revoke token"
        message={`Revoke the token “${chosen?.name ?? ''}”? Whatever uses it stops working at once.`}
        confirmLabel="Revoke"
        isPending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, MESSAGES.revokeApiTokenFailed) : null}
        onConfirm={() => {
          if (!chosen) return;
          flash.clear();
          revoke.mutate(chosen.id, {
            onSuccess: () => {
              setChosen(null);
              flash.show(MESSAGES.apiTokenRevoked);
            },
          });
        }}
        onCancel={() => {
          setChosen(null);
          revoke.reset();
        }}
      />
    </Stack>
  );
}
