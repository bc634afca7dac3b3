import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import {
  MAX_LOAN_PURPOSE_LENGTH,
  MAX_MURABAHA_ITEM_LENGTH,
  MESSAGES,
  guarantorsNeededMessage,
  loanApplicationSchema,
  type GuarantorCandidate,
  type LoanApplied,
  type LoanProductView,
  type LoanView,
} from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { KeptMailNotice } from '../../../../components/kept-mail-notice.tsx';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useApplyForLoan } from '../../api/holder-apply-for-loan.ts';
import { GuarantorPicker } from './guarantor-picker.tsx';
import { ProductTerms } from './product-terms.tsx';
import { QuoteSummary } from './quote-summary.tsx';
import { useFormQuote } from './use-form-quote.ts';
import { TopUpNet, type TopUpOf } from './top-up-net.tsx';

/** The fields a refusal can name; anything else is shown in the banner. */
const FIELDS = ['productId', 'item', 'amount', 'months', 'purpose', 'guarantors'] as const;
type Field = (typeof FIELDS)[number];

/** The member an officer applies for. */
export type Borrower = { userId: string };

type Props = {
  /** The products on offer: never a retired one. */
  products: LoanProductView[];
  /** Absent when a holder applies for themselves; the member chosen when an officer applies for them. */
  borrower?: Borrower;
  /** Issue 33: a top-up names the running loan it pays off first, and its payoff today. */
  topUp?: TopUpOf;
  onApplied: (loan: LoanView) => void;
  onCancel: () => void;
};

/**
 * An application: a product (its terms shown), amount, term, purpose and, when the product asks
 * for them, guarantors. A holder applies for themselves; an officer names the `borrower`, and the
 * quote, the limits and the guarantors offered are then that member's. The quote follows the
 * amount and term as they are typed, so the instalment and any limit passed are seen before
 * sending. The server has the last word, and its refusals appear beside the field they name.
 */
export function ApplyLoanForm({ products, borrower, topUp, onApplied, onCancel }: Props) {
  const apply = useApplyForLoan();
  const borrowerId = borrower?.userId;
  const isOnBehalf = borrowerId !== undefined;
  const [productId, setProductId] = useState<string | null>(topUp?.productId ?? (products.length === 1 ? (products[0]?.id ?? null) : null));
  const [amount, setAmount] = useState<string | number>('');
  const [months, setMonths] = useState<string | number>('');
  const [purpose, setPurpose] = useState('');
  // Issue 33: a murabaha names the item the scheme buys; the amount is then its cost price.
  const [item, setItem] = useState('');
  const [guarantors, setGuarantors] = useState<GuarantorCandidate[]>([]);
  const problems = useFormProblems(FIELDS);
  // Sent, but the guarantors' mail was only kept (no mail server): the links are shown before closing.
  const [kept, setKept] = useState<LoanApplied | null>(null);
  // Another member chosen: the guarantors may include them, and a refusal was about the last one.
  const [formBorrowerId, setFormBorrowerId] = useState(borrowerId);
  if (formBorrowerId !== borrowerId) {
    setFormBorrowerId(borrowerId);
    setGuarantors([]);
    problems.clear();
  }
  const product = products.find((candidate) => candidate.id === productId);
  const amountText = String(amount).trim();
  const monthsText = String(months).trim();
  const quote = useFormQuote(product, amountText, monthsText, borrowerId, topUp?.loanId);
  const productInput = useRef<HTMLInputElement>(null);
  // The modal focuses its first field as it opens, but the products may still have been loading
  // then: focus the form's first field once it is there. An officer's form follows the member
  // picker, which keeps the focus.
  useEffect(() => {
    if (!isOnBehalf) productInput.current?.focus();
  }, [isOnBehalf]);

  function change<T>(field: Field, set: (value: T) => void) {
    return (value: T) => {
      set(value);
      problems.edited(field);
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (apply.isPending) return;
    const body = {
      productId: productId ?? '',
      amount: amountText,
      months: monthsText,
      purpose: purpose.trim(),
      ...(product?.kind === 'murabaha' ? { item: item.trim() } : {}),
      guarantors: guarantors.map((person) => person.userId),
      userId: borrowerId,
      ...(topUp ? { topsUpLoanId: topUp.loanId } : {}),
    };
    const parsed = loanApplicationSchema.safeParse({ ...body, productId: productId ?? undefined });
    // The schema's problems and the product's own (an item, the guarantors), all flagged at once.
    const found = problems.fromSchema(parsed.success ? null : parsed.error, {
      item: product?.kind === 'murabaha' && item.trim() === '' ? MESSAGES.murabahaItemRequired : null,
      guarantors: product && guarantors.length !== product.guarantorsRequired ? guarantorsNeededMessage(product.guarantorsRequired) : null,
    });
    if (found) return;
    apply.mutate(body, {
      onSuccess: (applied) => (applied.mail.delivery === 'kept' && applied.mail.links.length > 0 ? setKept(applied) : onApplied(applied.loan)),
      onError: (failure) => problems.fromServer(failure, MESSAGES.applyForLoanFailed),
    });
  }

  if (kept) return <KeptGuarantorRequests applied={kept} onDone={() => onApplied(kept.loan)} />;

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problems.banner} />
        <Select
          label="Loan product"
          placeholder="Choose a product"
          data={products.map((option) => ({ value: option.id, label: option.name }))}
          value={productId}
          onChange={change('productId', (id: string | null) => {
            setProductId(id);
            // Another product may ask for a different number of guarantors.
            setGuarantors([]);
          })}
          error={problems.errorOf('productId')}
          allowDeselect={false}
          required
          ref={productInput}
        />
        {product && <ProductTerms product={product} isOnBehalf={isOnBehalf} />}
        {product?.kind === 'murabaha' && (
          <TextInput
            label="Item the scheme buys"
            description="The scheme buys it and sells it to the member at cost plus the markup"
            value={item}
            onChange={(event) => change('item', setItem)(event.currentTarget.value)}
            error={problems.errorOf('item')}
            maxLength={MAX_MURABAHA_ITEM_LENGTH}
            autoComplete="off"
            required
          />
        )}
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false}>
          <AmountInput
            label={product?.kind === 'murabaha' ? 'Cost price (₦)' : undefined}
            value={amount}
            onChange={change('amount', setAmount)}
            error={problems.errorOf('amount') ?? quote.fieldError('amount')}
            required
          />
          <NumberInput
            label="Months"
            description={product ? `Up to ${product.maxMonths}` : undefined}
            value={months}
            onChange={change('months', setMonths)}
            error={problems.errorOf('months') ?? quote.fieldError('months')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            autoComplete="off"
            required
            miw={0}
          />
        </Group>
        <ErrorBanner message={quote.bannerError} />
        {quote.quote && <QuoteSummary quote={quote.quote} isStale={quote.isStale} isOnBehalf={isOnBehalf} kind={product?.kind} />}
        {topUp && <TopUpNet topUp={topUp} principalKobo={quote.quote?.amountKobo ?? null} feeKobo={quote.quote?.feeKobo ?? null} />}
        <Textarea
          label="Purpose"
          placeholder="What the loan is for"
          value={purpose}
          onChange={(event) => change('purpose', setPurpose)(event.currentTarget.value)}
          error={problems.errorOf('purpose')}
          maxLength={MAX_LOAN_PURPOSE_LENGTH}
          autosize
          minRows={2}
          required
        />
        {product && product.guarantorsRequired > 0 && (
          <GuarantorPicker
            required={product.guarantorsRequired}
            chosen={guarantors}
            onChange={change('guarantors', setGuarantors)}
            error={problems.errorOf('guarantors')}
            borrowerId={borrowerId}
          />
        )}
        {products.length === 0 && <Text c="dimmed">{MESSAGES.noLoanProducts}</Text>}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={apply.isPending} disabled={products.length === 0}>
            Send application
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The application went in; its guarantors were not emailed (no mail server), so their links are handed over here. */
function KeptGuarantorRequests({ applied, onDone }: { applied: LoanApplied; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Text fw={500}>{MESSAGES.loanApplied}</Text>
      <KeptMailNotice message={MESSAGES.guarantorRequestsKept} mail={applied.mail} onClose={onDone} />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
