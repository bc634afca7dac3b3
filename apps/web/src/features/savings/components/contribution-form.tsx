import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, formatNaira, koboToNairaString, parseNaira } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSavingsHolders } from '../api/get-savings-holders.ts';
import { useSaveContributions } from '../api/save-contributions.ts';

type Props = {
  userId: string;
  /** What finds this holder in the holders list: their staff ID, else their email. */
  search: string;
};

/**
 * The holder's standing monthly contribution (issue 11): what the monthly run offers for them.
 * Blank or ₦0 means none. Read from the holders list, which carries it.
 */
export function ContributionForm({ userId, search }: Props) {
  const holders = useSavingsHolders(search);
  const holder = holders.data?.find((item) => item.userId === userId);
  // Here, not in the fields: a save re-keys the fields, and the message must outlive that.
  const flash = useFlashMessage();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Monthly contribution">
      <Title order={2} size="h4" mb={4}>
        Monthly Contribution
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The amount the monthly run offers for this person. Leave it blank or ₦0 for none.
      </Text>
      <SuccessBanner message={flash.message} />
      {holder ? (
        // Keyed by the saved amount, so the field starts again from what the server holds.
        <ContributionFields
          key={holder.monthlyContributionKobo}
          userId={userId}
          savedKobo={holder.monthlyContributionKobo}
          onSaved={() => flash.show(MESSAGES.contributionSaved)}
        />
      ) : (
        <Text c="dimmed">{holders.isError ? errorMessage(holders.error, MESSAGES.loadStaffListFailed) : MESSAGES.loading}</Text>
      )}
    </Paper>
  );
}

type FieldsProps = { userId: string; savedKobo: number; onSaved: () => void };

function ContributionFields({ userId, savedKobo, onSaved }: FieldsProps) {
  const save = useSaveContributions();
  const [amount, setAmount] = useState<string | number>(savedKobo > 0 ? koboToNairaString(savedKobo) : '');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const typed = String(amount).trim() || '0';
    if (parseNaira(typed) === null) return setError(MESSAGES.enterValidAmount);
    setError(null);
    save.mutate([{ userId, amount: typed }], {
      onSuccess: onSaved,
      onError: (failure) => setError(errorMessage(failure, MESSAGES.serverError)),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Now: <strong>{savedKobo > 0 ? formatNaira(savedKobo) : 'None'}</strong>
        </Text>
        <AmountInput label="Monthly contribution (₦)" value={amount} onChange={setAmount} error={error} />
        <Button type="submit" variant="light" loading={save.isPending}>
          Save Contribution
        </Button>
      </Stack>
    </form>
  );
}
