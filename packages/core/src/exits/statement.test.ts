import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { InstalmentPosition, LoanPosition } from '../loans/repayments.ts';
import { buildExitStatement, exitShortfallProblem, type ExitStatementInput } from './statement.ts';
import { exitLoanPayoff, proRataInterestKobo, splitInProportion } from './settlement.ts';

const k = (naira: number) => (naira * 100) as Kobo;

/** 12 monthly instalments from January 2026 of a loan: principal and interest per instalment, the first `paid` paid in full. */
function loan(principalEach: number, interestEach: number, count: number, paid: number): LoanPosition {
  const instalments: InstalmentPosition[] = Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    dueDate: `2026-${String(index + 1).padStart(2, '0')}-28` as IsoDate,
    principal: k(principalEach),
    interest: k(interestEach),
    principalPaid: index < paid ? k(principalEach) : (0 as Kobo),
    interestPaid: index < paid ? k(interestEach) : (0 as Kobo),
    interestWaived: 0 as Kobo,
  }));
  return { feeOutstanding: 0 as Kobo, instalments, overpayment: 'reduce_term' };
}

const products = [
  { accountId: 'a-ord', productId: 'p-ord', name: 'Ordinary savings', kind: 'ordinary', balanceKobo: k(300_000), rateBp: 0, days: 0 },
  { accountId: 'a-shr', productId: 'p-shr', name: 'Shares', kind: 'shares', balanceKobo: k(25_000), rateBp: 0, days: 0 },
  { accountId: 'a-xms', productId: 'p-xms', name: 'Christmas savings', kind: 'target', balanceKobo: k(18_000), rateBp: 0, days: 0 },
];

// COOPERATIVE.md, "A member leaves": a loan with ₦120,000 principal left and a month's interest at 12% flat (₦1,200).
// Twelve instalments of ₦10,000 principal and ₦1,200 interest, none paid: settled in January, the first is due.
const runningLoan = loan(10_000, 1_200, 12, 0);

function base(overrides: Partial<ExitStatementInput> = {}): ExitStatementInput {
  return {
    reason: 'retirement',
    holderName: 'Ada Obi',
    settlementDate: '2026-01-15' as IsoDate,
    products,
    loans: [{ loanId: 'loan-1', productName: 'Regular loan', kind: 'interest', position: runningLoan }],
    exitFeeKobo: 0,
    shortfallChoice: null,
    guarantors: [],
    nominees: [],
    ...overrides,
  };
}

describe('a member leaves (COOPERATIVE.md)', () => {
  it('pays off a loan at its principal and the interest to date', () => {
    const payoff = exitLoanPayoff(runningLoan, '2026-01-15' as IsoDate);
    expect(payoff.principalKobo).toBe(12_000_000);
    expect(payoff.interestKobo).toBe(120_000);
    expect(payoff.payoffKobo).toBe(12_120_000);
    // Instalment 1's interest is paid; the eleven later instalments' interest is waived.
    expect(payoff.allocation.lines[0]).toEqual({ number: 1, principal: 1_000_000, interest: 120_000, interestWaived: 0 });
    expect(payoff.allocation.lines[11]).toEqual({ number: 12, principal: 1_000_000, interest: 0, interestWaived: 120_000 });
  });

  it('ordinary ₦300,000 + shares ₦25,000 + Christmas ₦18,000 − payoff ₦121,200 = ₦221,800 payable', () => {
    const { statement } = buildExitStatement(base());
    expect(statement.savingsKobo).toBe(34_300_000);
    expect(statement.payoffKobo).toBe(12_120_000);
    expect(statement.netKobo).toBe(22_180_000);
    expect(statement.payableKobo).toBe(22_180_000);
    expect(statement.shortfallKobo).toBe(0);
    expect(statement.payees).toEqual([{ name: 'Ada Obi', relationship: null, phone: null, shareBp: 10_000, amountKobo: 22_180_000 }]);
  });

  it("a deceased member's ₦221,800 goes to nominees with 60% and 40%: ₦133,080 and ₦88,720", () => {
    const nominees = [
      { name: 'Chidi Obi', relationship: 'Son', phone: '08030000001', shareBp: 6000 },
      { name: 'Ngozi Obi', relationship: 'Daughter', phone: '08030000002', shareBp: 4000 },
    ];
    const { statement } = buildExitStatement(base({ reason: 'death', nominees }));
    expect(statement.payees.map((payee) => [payee.name, payee.amountKobo])).toEqual([
      ['Chidi Obi', 13_308_000],
      ['Ngozi Obi', 8_872_000],
    ]);
  });

  it('a ₦40,000 shortfall is recovered from guarantors of ₦60,000 and ₦20,000 as ₦30,000 and ₦10,000', () => {
    // Savings ₦50,000 + shares ₦10,000 against a payoff of ₦100,000 (ten instalments of ₦10,000, nothing due yet).
    const shortLoan = loan(10_000, 0, 10, 0);
    const guarantors = [
      { loanId: 'loan-2', userId: 'u-g1', name: 'Bola Ade', accountId: 'a-g1', guaranteedKobo: k(60_000) },
      { loanId: 'loan-2', userId: 'u-g2', name: 'Emeka Eze', accountId: 'a-g2', guaranteedKobo: k(20_000) },
    ];
    const input = base({
      products: [
        { ...products[0]!, balanceKobo: k(50_000) },
        { ...products[1]!, balanceKobo: k(10_000) },
      ],
      loans: [{ loanId: 'loan-2', productName: 'Regular loan', kind: 'interest', position: shortLoan }],
      guarantors,
    });
    const unchosen = buildExitStatement(input).statement;
    expect(unchosen.shortfallKobo).toBe(4_000_000);
    expect(unchosen.recoveries).toEqual([]);
    expect(exitShortfallProblem(unchosen, 2)).toBe(
      "The member's savings fall ₦40,000.00 short of what they owe. Choose how it is met: the member pays it in, or the guarantors pay it in proportion to what each guaranteed.",
    );
    const { statement } = buildExitStatement({ ...input, shortfallChoice: 'guarantors' });
    expect(statement.recoveries.map((recovery) => [recovery.name, recovery.amountKobo])).toEqual([
      ['Bola Ade', 3_000_000],
      ['Emeka Eze', 1_000_000],
    ]);
    expect(statement.payableKobo).toBe(0);
    expect(exitShortfallProblem(statement, 2)).toBeNull();
    const paid = buildExitStatement({ ...input, shortfallChoice: 'member_pays' }).statement;
    expect(paid.memberPaysKobo).toBe(4_000_000);
  });

  it('takes the exit fee and pays pro rata interest at the rate for the days', () => {
    // ₦300,000 at 5% for 73 days: 300,000 × 0.05 × 73 / 365 = ₦3,000.00.
    expect(proRataInterestKobo(k(300_000), 500, 73)).toBe(300_000);
    const { statement } = buildExitStatement(base({ loans: [], exitFeeKobo: k(2_000), products: [{ ...products[0]!, rateBp: 500, days: 73 }] }));
    expect(statement.interestKobo).toBe(300_000);
    expect(statement.netKobo).toBe(30_000_000 + 300_000 - 200_000);
  });

  it('splits so the parts always add up, the odd kobo going to the largest remainders, the later part first on a tie', () => {
    expect(splitInProportion(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(splitInProportion(1, [5000, 5000])).toEqual([0, 1]);
    expect(splitInProportion(0, [6000, 4000])).toEqual([0, 0]);
    // ₦10,000 over three equal guarantees; ₦100.01 over guarantees of 2 : 1.
    expect(splitInProportion(1_000_000, [1, 1, 1])).toEqual([333_333, 333_333, 333_334]);
    expect(splitInProportion(10_001, [2, 1])).toEqual([6_667, 3_334]);
    // Half up with the rest to the last would give 1, 1, 1 and −1 here.
    expect(splitInProportion(2, [1, 1, 1, 1])).toEqual([0, 0, 1, 1]);
    expect(splitInProportion(5, [1, 0, 1])).toEqual([2, 0, 3]);
  });
});
