import type { ComponentType } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { SettingsSection } from './settings-section.tsx';

/** What a settings form is given: the server's settings, and what to call when a save starts and ends. */
export type SavedSettingsFormProps<T> = { saved: T; onSaved: () => void; onStart: () => void };

type Props<T> = {
  title: string;
  settings: UseQueryResult<T>;
  loadFailedMessage: string;
  savedMessage: string;
  Form: ComponentType<SavedSettingsFormProps<T>>;
};

/**
 * A Settings section over one saved setting: loading, the load's failure, and the form. The
 * "saved" banner lives here, not in the form: a save restarts the form from what the server now
 * holds (its key changes, also on another admin's save seen on refetch), which would clear it.
 */
export function SavedSettingsSection<T>({ title, settings, loadFailedMessage, savedMessage, Form }: Props<T>) {
  const flash = useFlashMessage();
  return (
    <SettingsSection title={title}>
      <SuccessBanner message={flash.message} />
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <ErrorBanner message={errorMessage(settings.error, loadFailedMessage)} />
      ) : (
        <Form key={JSON.stringify(settings.data)} saved={settings.data} onSaved={() => flash.show(savedMessage)} onStart={flash.clear} />
      )}
    </SettingsSection>
  );
}

