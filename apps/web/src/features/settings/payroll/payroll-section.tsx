import { useState } from 'react';
import { Badge, Button, Card, Group, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Radio.css';
import { FaPlus } from 'react-icons/fa';
import { MESSAGES, type PayrollLayout, type PayrollSettings } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from '../components/saved-settings-section.tsx';
import { SettingsSaveForm } from '../components/settings-save-form.tsx';
import { SettingsSection } from '../components/settings-section.tsx';
import { useDeletePayrollLayout, usePayrollLayouts, usePayrollSettings, useSavePayrollSettings } from './api/payroll-settings.ts';
import { PayrollLayoutModal } from './payroll-layout-modal.tsx';
import { describeLayout } from './layout-form-values.ts';

/**
 * Settings › Payroll (issue 30, decision 047): whether contribution arrears are added to the next
 * month's advice, the order a remittance pays a member's deductions in, and the file layouts of
 * the scheme's payroll providers.
 */
export function PayrollSection() {
  return (
    <>
      <SavedSettingsSection
        title="Payroll"
        settings={usePayrollSettings()}
        loadFailedMessage={MESSAGES.serverError}
        savedMessage="Payroll settings saved."
        Form={PayrollSettingsForm}
      />
      <PayrollLayoutsSection />
    </>
  );
}

function PayrollSettingsForm({ saved, onSaved, onStart }: SavedSettingsFormProps<PayrollSettings>) {
  const [settings, setSettings] = useState(saved);
  return (
    <SettingsSaveForm
      save={useSavePayrollSettings()}
      prepare={() => ({ input: settings })}
      field="allocationOrder"
      onFieldError={() => {}}
      onSaved={onSaved}
      onStart={onStart}
      submitLabel="Save payroll settings"
    >
      <Switch
        label="Re-deduct arrears"
        description="Contributions payroll did not remit are added to the next month's advice."
        checked={settings.redeductArrears}
        onChange={(event) => setSettings({ ...settings, redeductArrears: event.currentTarget.checked })}
      />
      <Radio.Group
        label="When payroll remits less than advised, pay"
        value={settings.allocationOrder}
        onChange={(value) => setSettings({ ...settings, allocationOrder: value === 'savings_first' ? 'savings_first' : 'loans_first' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="loans_first" label="Loans first (the common by-law)" />
          <Radio value="savings_first" label="Savings first" />
        </Stack>
      </Radio.Group>
    </SettingsSaveForm>
  );
}

function PayrollLayoutsSection() {
  const layouts = usePayrollLayouts();
  const remove = useDeletePayrollLayout();
  const flash = useFlashMessage();
  const [editing, setEditing] = useState<PayrollLayout | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PayrollLayout | null>(null);
  const generic = layouts.data?.find((layout) => layout.builtIn) ?? null;

  return (
    <SettingsSection title="Payroll layouts">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          The columns a payroll provider reads and sends back. The generic layout is built in.
        </Text>
        <Button leftSection={<FaPlus aria-hidden />} onClick={() => setEditing('new')} disabled={!generic}>
          Add layout
        </Button>
      </Group>
      <SuccessBanner message={flash.message} />
      {layouts.isPending ? (
        <PageLoading />
      ) : layouts.isError ? (
        <ErrorBanner message={errorMessage(layouts.error, MESSAGES.serverError)} />
      ) : (
        <Stack gap="xs" role="list" aria-label="Payroll layouts">
          {layouts.data.map((layout) => (
            <Card withBorder radius="md" padding="sm" role="listitem" key={layout.id}>
              <Group justify="space-between" align="flex-start" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Group gap={6}>
                    <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                      {layout.name}
                    </Title>
                    {layout.builtIn && (
                      <Badge size="sm" variant="light" tt="none">
                        Built in
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {describeLayout(layout)}
                  </Text>
                </div>
                {!layout.builtIn && (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setEditing(layout)} aria-label={`Edit ${layout.name}`}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(layout)} aria-label={`Delete ${layout.name}`}>
                      Delete
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {editing && generic && (
        <PayrollLayoutModal
          layout={editing === 'new' ? null : editing}
          generic={generic}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            flash.show(`Layout ${saved.name} saved.`);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete layout"
        message={`Delete the layout ${deleting?.name ?? ''}? Advices already downloaded are not changed.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.serverError) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              flash.show(`Layout ${deleting.name} deleted.`);
              setDeleting(null);
            },
          })
        }
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </SettingsSection>
  );
}
