import { formatNaira, type Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { LoanPosition } from '../loans/repayments.ts';
import type { LoanKind } from '../loans/products.ts';
import type { ExitPayee, ExitProductLine, ExitReason, ExitStatement, ShortfallChoice } from './schemas.ts';
import { exitLoanPayoff, proRataInterestKobo, splitInProportion, type ExitLoanPayoff } from './settlement.ts';

export type ExitProductInput = Omit<ExitProductLine, 'interestKobo'>;
export type ExitLoanInput = { loanId: string; productName: string; kind: LoanKind; position: LoanPosition };
export type ExitGuarantorInput = { loanId: string; userId: string; name: string; accountId: string; guaranteedKobo: number };
export type ExitNomineeInput = { name: string; relationship: string; phone: string; shareBp: number };

export type ExitStatementInput = {
  reason: ExitReason;
  holderName: string;
  settlementDate: IsoDate;
  /** Each of the member's accounts, with the pro rata rate and days (0 when the scheme pays none). */
  products: readonly ExitProductInput[];
  loans: readonly ExitLoanInput[];
  exitFeeKobo: number;
  shortfallChoice: ShortfallChoice | null;
  /** Every accepted guarantee of the member's own loans, for a shortfall recovered from guarantors. */
  guarantors: readonly ExitGuarantorInput[];
  /** A deceased member's nominees; ignored for any other reason. */
  nominees: readonly ExitNomineeInput[];
};

export type ExitStatementWithPayoffs = { statement: ExitStatement; payoffs: Map<string, ExitLoanPayoff> };

/**
 * The settlement statement (issue 32, step 3): every product's balance and pro rata interest, less
 * each loan's payoff, less the exit fee. What is left is paid to the member, or to a deceased
 * member's nominees in their shares; a shortfall is met as `shortfallChoice` says (the member
 * pays it in, or the guarantors of the member's loans pay it in proportion to what each
 * guaranteed). COOPERATIVE.md: ₦300,000 + ₦25,000 + ₦18,000 − ₦121,200 = ₦221,800.
 */
export function buildExitStatement(input: ExitStatementInput): ExitStatementWithPayoffs {
  const products = input.products.map((product) => ({ ...product, interestKobo: proRataInterestKobo(product.balanceKobo, product.rateBp, product.days) }));
  const payoffs = new Map(input.loans.map((loan) => [loan.loanId, exitLoanPayoff(loan.position, input.settlementDate)]));
  const loans = input.loans.map((loan) => {
    const payoff = payoffs.get(loan.loanId) as ExitLoanPayoff;
    return {
      loanId: loan.loanId,
      productName: loan.productName,
      kind: loan.kind,
      principalKobo: payoff.principalKobo,
      interestKobo: payoff.interestKobo,
      feeKobo: payoff.feeKobo,
      penaltyKobo: payoff.penaltyKobo,
      payoffKobo: payoff.payoffKobo,
    };
  });
  const savingsKobo = sum(products.map((product) => product.balanceKobo));
  const interestKobo = sum(products.map((product) => product.interestKobo));
  const payoffKobo = sum(loans.map((loan) => loan.payoffKobo));
  const exitFeeKobo = input.exitFeeKobo as Kobo;
  const netKobo = savingsKobo + interestKobo - payoffKobo - exitFeeKobo;
  const shortfallKobo = Math.max(0, -netKobo) as Kobo;
  const choice = shortfallKobo > 0 ? input.shortfallChoice : null;
  const recoveries =
    choice === 'guarantors' && input.guarantors.length > 0
      ? splitInProportion(
          shortfallKobo,
          input.guarantors.map((guarantor) => guarantor.guaranteedKobo),
        ).map((amountKobo, index) => {
          const guarantor = input.guarantors[index] as ExitGuarantorInput;
          return { loanId: guarantor.loanId, userId: guarantor.userId, name: guarantor.name, accountId: guarantor.accountId, guaranteedKobo: guarantor.guaranteedKobo as Kobo, amountKobo };
        })
      : [];
  const payableKobo = Math.max(0, netKobo) as Kobo;
  return {
    statement: {
      settlementDate: input.settlementDate,
      products,
      loans,
      savingsKobo,
      interestKobo,
      payoffKobo,
      exitFeeKobo,
      netKobo,
      shortfallKobo,
      shortfallChoice: choice,
      memberPaysKobo: (choice === 'member_pays' ? shortfallKobo : 0) as Kobo,
      recoveries,
      payableKobo,
      payees: payeesOf(input, payableKobo),
    },
    payoffs,
  };
}

/** The member, or a deceased member's nominees in their shares (the last absorbs the rounding). */
function payeesOf(input: ExitStatementInput, payableKobo: Kobo): ExitPayee[] {
  if (input.reason === 'death' && input.nominees.length > 0) {
    const amounts = splitInProportion(payableKobo, input.nominees.map((nominee) => nominee.shareBp));
    return input.nominees.map((nominee, index) => ({ name: nominee.name, relationship: nominee.relationship, phone: nominee.phone, shareBp: nominee.shareBp, amountKobo: amounts[index] as Kobo }));
  }
  return [{ name: input.holderName, relationship: null, phone: null, shareBp: 10_000, amountKobo: payableKobo }];
}

/**
 * Whether the statement can be settled as it stands: null, or the refusal's sentence. A shortfall
 * with no choice made names the amount and the two choices (issue 32, step 3).
 */
export function exitShortfallProblem(statement: ExitStatement, guarantorCount: number): string | null {
  if (statement.shortfallKobo === 0) return null;
  if (statement.shortfallChoice === 'member_pays') return null;
  if (statement.shortfallChoice === 'guarantors' && guarantorCount > 0) return null;
  const choices = guarantorCount > 0 ? 'Choose how it is met: the member pays it in, or the guarantors pay it in proportion to what each guaranteed.' : 'The member must pay it in.';
  return `The member's savings fall ${formatNaira(statement.shortfallKobo)} short of what they owe. ${choices}`;
}

function sum(values: readonly number[]): Kobo {
  return values.reduce((total, value) => total + value, 0) as Kobo;
}
