import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useRedirectLater } from './use-redirect-later.ts';

/**
 * What the create and edit pages do on submit: clear old messages, save, then show the success
 * sentence and go to /expenses after 2 s (SPEC 4 / 9), or show the refusal. Answers whether it
 * saved, so the form knows whether to reset. `listPathAfter` picks the list's address from what
 * was saved (a list that shows it); `submitAndStay` saves without leaving (Add and new), and
 * `cancelRedirect` stops a pending redirect once someone types again (issue 14).
 */
export function useSaveExpense<Input, Saved = unknown>(
  save: (input: Input) => Promise<Saved>,
  messages: { success: string; failure: string },
  listPathAfter: (input: Input) => string = () => paths.expenses.list,
) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The field a server refusal names (e.g. receiptIds when the receipt rule changed after the form loaded).
  const [errorField, setErrorField] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const redirect = useRedirectLater();

  async function send(input: Input): Promise<{ saved: Saved } | null> {
    redirect.cancel();
    setError(null);
    setErrorField(null);
    setSuccess(null);
    try {
      const saved = await save(input);
      setSuccess(messages.success);
      return { saved };
    } catch (failure) {
      setError(errorMessage(failure, messages.failure));
      setErrorField(failure instanceof ApiError ? (failure.field ?? null) : null);
      return null;
    }
  }

  async function submit(input: Input): Promise<boolean> {
    const result = await send(input);
    if (result) redirect.later(() => void navigate(listPathAfter(input)));
    return result !== null;
  }

  /** Saves and stays on the form; answers what the server saved, or null when refused. */
  async function submitAndStay(input: Input): Promise<Saved | null> {
    return (await send(input))?.saved ?? null;
  }

  return { error, errorField, success, submit, submitAndStay, cancelRedirect: redirect.cancel };
}
