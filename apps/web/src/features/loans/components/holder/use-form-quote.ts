import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES, type LoanProductView } from '@kobo/core';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useLoanQuote } from '../../api/holder-get-loan-quote.ts';

/** Long enough that typing '150000' asks once, short enough to feel immediate. */
const QUOTE_DELAY_MS = 300;

/**
 * The quote for what the form holds, asked again a moment after the amount or term stops changing,
 * on the savings of the borrower (`borrowerId`, when an officer applies for them) or the holder's own.
 * The server reads the figures (one reading, the application's own); what it cannot read comes
 * back on its field, and a limit passed comes back as `problem`, placed on the field it concerns.
 */
export function useFormQuote(product: LoanProductView | undefined, amount: string, months: string, borrowerId?: string, topsUpLoanId?: string) {
  const [debouncedAmount] = useDebouncedValue(amount, QUOTE_DELAY_MS);
  const [debouncedMonths] = useDebouncedValue(months, QUOTE_DELAY_MS);
  const isComplete = Boolean(product && debouncedAmount && debouncedMonths);
  const quote = useLoanQuote(product && isComplete ? { productId: product.id, amount: debouncedAmount, months: debouncedMonths, borrowerId, topsUpLoanId } : null);

  const failure = quote.error;
  const failedField = failure instanceof ApiError && (failure.field === 'amount' || failure.field === 'months') ? failure.field : null;
  const failureMessage = failure ? errorMessage(failure, MESSAGES.loadQuoteFailed) : null;
  const shown = isComplete && !failure ? quote.data : undefined;
  // The term is checked first, so a problem while the term is too long is about the term.
  const problemField = shown?.problem && product && Number(debouncedMonths) > product.maxMonths ? 'months' : 'amount';
  return {
    quote: shown,
    /** Figures for an earlier amount or term, while the new ones load. */
    isStale: quote.isPlaceholderData || debouncedAmount !== amount || debouncedMonths !== months,
    fieldError: (field: 'amount' | 'months') =>
      (failedField === field ? failureMessage : null) ?? (shown?.problem && problemField === field ? shown.problem : null),
    bannerError: failedField ? null : failureMessage,
  };
}
