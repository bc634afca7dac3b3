import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useRedirectLater } from './use-redirect-later.ts';

/**
 * What the create and edit pages do on submit: clear old messages, save, then show the success
 * sentence and go to /expenses after 2 s (SPEC 4 / 9), or show the refusal. Answers whether it
 * saved, so the form knows whether to reset.
 */
export function useSaveExpense<Input>(save: (input: Input) => Promise<unknown>, messages: { success: string; failure: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const redirect = useRedirectLater();

  async function submit(input: Input): Promise<boolean> {
    setError(null);
    setSuccess(null);
    try {
      await save(input);
    } catch (failure) {
      setError(errorMessage(failure, messages.failure));
      return false;
    }
    setSuccess(messages.success);
    redirect(() => void navigate(paths.expenses.list));
    return true;
  }

  return { error, success, submit };
}
