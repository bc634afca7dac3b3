import { formatRate } from '../loans/labels.ts';
import { formatNaira } from '../money.ts';

/**
 * The appropriation (issue 31, "The run" 2): how the AGM is asked to share the year's surplus. The
 * reserve comes first at the by-laws' percentage; the rest is distributed (dividend, interest per
 * product, the funds) or carried forward, and the parts make the surplus exactly.
 */
export type AppropriationProposal = {
  surplusKobo: number;
  /** The by-laws' least reserve, in basis points of the surplus (2500 = 25%). */
  reservePercentBp: number;
  reserveKobo: number;
  dividendKobo: number;
  /** Interest on savings, keyed by savings product id, in the order the form shows them. */
  savingsInterestKobo: Record<string, number>;
  educationFundKobo: number;
  welfareFundKobo?: number;
  carriedForwardKobo: number;
};

export type AppropriationField =
  | 'surplusKobo'
  | 'reserveKobo'
  | 'dividendKobo'
  | `savingsInterestKobo.${string}`
  | 'educationFundKobo'
  | 'welfareFundKobo'
  | 'carriedForwardKobo';

/** A sentence and the field the form shows it beside. */
export type AppropriationProblem = { field: AppropriationField; message: string };

/** The least reserve the by-laws allow, to the kobo above: 25% of ₦2,000,000.00 is ₦500,000.00. */
export function minimumReserveKobo(surplusKobo: number, reservePercentBp: number): number {
  if (surplusKobo <= 0) return 0;
  return Number((BigInt(surplusKobo) * BigInt(reservePercentBp) + 9_999n) / 10_000n);
}

/** The distributions in the form's order: the first that passes the distributable amount is told. */
function distributions(proposal: AppropriationProposal): { field: AppropriationField; amountKobo: number }[] {
  return [
    { field: 'dividendKobo', amountKobo: proposal.dividendKobo },
    ...Object.entries(proposal.savingsInterestKobo).map(([productId, amountKobo]) => ({ field: `savingsInterestKobo.${productId}` as const, amountKobo })),
    { field: 'educationFundKobo', amountKobo: proposal.educationFundKobo },
    { field: 'welfareFundKobo', amountKobo: proposal.welfareFundKobo ?? 0 },
  ];
}

function assertFigures(proposal: AppropriationProposal): void {
  const { reservePercentBp } = proposal;
  if (!Number.isSafeInteger(reservePercentBp) || reservePercentBp < 0 || reservePercentBp > 10_000) {
    throw new RangeError(`The reserve's percentage is 0 to 10,000 basis points, got ${reservePercentBp}`);
  }
  const figures = [proposal.surplusKobo, proposal.reserveKobo, proposal.carriedForwardKobo, ...distributions(proposal).map((part) => part.amountKobo)];
  // The route's schema refuses these first; here they would make every sum below meaningless.
  if (!figures.every(Number.isSafeInteger)) throw new RangeError('An appropriation is whole kobo');
}

/**
 * What is wrong with a proposal, each beside its field; none when it may go to the vote.
 * COOPERATIVE.md: surplus ₦2,000,000 → reserve ₦500,000, dividend ₦600,000, interest ₦800,000,
 * education ₦50,000, carried forward ₦50,000 has none.
 */
export function appropriationProblems(proposal: AppropriationProposal): AppropriationProblem[] {
  assertFigures(proposal);
  const { surplusKobo, reserveKobo, reservePercentBp, carriedForwardKobo } = proposal;
  if (surplusKobo <= 0) {
    const message = surplusKobo === 0 ? "There is no surplus to distribute: the year's income only met its expenditure" : `There is no surplus to distribute: the year ends with a deficit of ${formatNaira(-surplusKobo)}`;
    return [{ field: 'surplusKobo', message }];
  }
  const problems: AppropriationProblem[] = [];
  const parts = [{ field: 'reserveKobo' as const, amountKobo: reserveKobo }, ...distributions(proposal), { field: 'carriedForwardKobo' as const, amountKobo: carriedForwardKobo }];
  for (const part of parts) {
    if (part.amountKobo < 0) problems.push({ field: part.field, message: 'This cannot be below ₦0.00' });
  }

  const leastReserve = minimumReserveKobo(surplusKobo, reservePercentBp);
  if (reserveKobo < leastReserve) {
    problems.push({ field: 'reserveKobo', message: `The by-laws set the reserve at least ${formatRate(reservePercentBp)} of the surplus: ${formatNaira(leastReserve)}` });
  }

  const distributable = surplusKobo - reserveKobo;
  let distributed = 0;
  let tippingField: AppropriationField | null = null;
  for (const part of distributions(proposal)) {
    distributed += Math.max(0, part.amountKobo);
    if (tippingField === null && distributed > distributable && part.amountKobo > 0) tippingField = part.field;
  }
  if (tippingField !== null) {
    problems.push({
      field: tippingField,
      message: `This distributes ${formatNaira(distributed - distributable)} more than the surplus less the reserve, ${formatNaira(Math.max(0, distributable))}`,
    });
  }

  const total = parts.reduce((sum, part) => sum + part.amountKobo, 0);
  if (total !== surplusKobo) {
    const gap = total < surplusKobo ? `${formatNaira(surplusKobo - total)} less` : `${formatNaira(total - surplusKobo)} more`;
    problems.push({ field: 'carriedForwardKobo', message: `The parts come to ${formatNaira(total)}, ${gap} than the surplus of ${formatNaira(surplusKobo)}` });
  }
  return problems;
}
