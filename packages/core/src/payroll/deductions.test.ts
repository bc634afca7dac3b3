import { describe, expect, it } from 'vitest';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../savings-products/products.ts';
import { arrearsAgeBucket, arrearsKey, contributionKey, deductionLabel, matchMember, orderDeductionKeys, parseDeductionKey } from './deductions.ts';

const CHRISTMAS = '7c0e8f3a-1111-4222-8333-444455556666';
const SHARES = '7c0e8f3a-9999-4222-8333-444455556666';
const ORDINARY = contributionKey(ORDINARY_SAVINGS_PRODUCT_ID);
const XMAS = contributionKey(CHRISTMAS);

describe('the deductions payroll is told of', () => {
  it('are named by keys that say their kind and product', () => {
    expect(parseDeductionKey('loan')).toEqual({ kind: 'loan', productId: null });
    expect(parseDeductionKey(`arrears:${CHRISTMAS}`)).toEqual({ kind: 'arrears', productId: CHRISTMAS });
    expect(parseDeductionKey('contribution:nope')).toBeNull();
    expect(parseDeductionKey('')).toBeNull();
    const names = new Map([[CHRISTMAS, 'Christmas savings']]);
    expect(deductionLabel(XMAS, names)).toBe('Christmas savings');
    expect(deductionLabel(arrearsKey(CHRISTMAS), names)).toBe('Christmas savings arrears');
    expect(deductionLabel('loan', names)).toBe('Loan repayment');
  });

  it('are paid loans first: the loan, arrears, then contributions, ordinary savings before other products', () => {
    const keys = [contributionKey(SHARES), XMAS, arrearsKey(CHRISTMAS), 'loan', ORDINARY, arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID)];
    expect(orderDeductionKeys(keys, 'loans_first', [CHRISTMAS, SHARES])).toEqual([
      'loan',
      arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID),
      arrearsKey(CHRISTMAS),
      ORDINARY,
      XMAS,
      contributionKey(SHARES),
    ]);
    expect(orderDeductionKeys(keys, 'savings_first', [SHARES, CHRISTMAS])).toEqual([
      arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID),
      arrearsKey(CHRISTMAS),
      ORDINARY,
      contributionKey(SHARES),
      XMAS,
      'loan',
    ]);
  });
});

describe('matching what payroll remitted for a member', () => {
  // COOPERATIVE.md, the payroll loop: member E is advised ordinary ₦5,000 + Christmas ₦2,000 +
  // loan ₦11,200 = ₦18,200; payroll remits ₦15,000.
  const memberE = [
    { key: 'loan', amountKobo: 1_120_000 },
    { key: ORDINARY, amountKobo: 500_000 },
    { key: XMAS, amountKobo: 200_000 },
  ];

  it("pays member E's ₦15,000 loans first: loan ₦11,200, ordinary ₦3,800, Christmas ₦0", () => {
    const match = matchMember(memberE, [{ keys: [], amountKobo: 1_500_000 }]);
    expect(match).toEqual({
      outcome: 'short',
      advisedKobo: 1_820_000,
      remittedKobo: 1_500_000,
      paidKobo: 1_500_000,
      shortKobo: 320_000,
      overKobo: 0,
      deductions: [
        { key: 'loan', advisedKobo: 1_120_000, paidKobo: 1_120_000, outcome: 'full' },
        { key: ORDINARY, advisedKobo: 500_000, paidKobo: 380_000, outcome: 'short' },
        { key: XMAS, advisedKobo: 200_000, paidKobo: 0, outcome: 'short' },
      ],
    });
  });

  it('is full when the line pays every deduction, and over when it pays more (the excess held)', () => {
    expect(matchMember(memberE, [{ keys: [], amountKobo: 1_820_000 }])).toMatchObject({ outcome: 'full', paidKobo: 1_820_000, shortKobo: 0, overKobo: 0 });
    const over = matchMember(memberE, [{ keys: [], amountKobo: 1_900_000 }]);
    expect(over).toMatchObject({ outcome: 'over', paidKobo: 1_820_000, shortKobo: 0, overKobo: 80_000 });
    expect(over.deductions.map((deduction) => deduction.outcome)).toEqual(['full', 'full', 'full']);
  });

  it("follows payroll's own columns: each pays only its deductions, a column's excess is over", () => {
    const match = matchMember(memberE, [
      { keys: ['loan'], amountKobo: 1_120_000 },
      { keys: [ORDINARY], amountKobo: 600_000 },
      { keys: [XMAS], amountKobo: 150_000 },
    ]);
    expect(match.outcome).toBe('short');
    expect(match.deductions).toEqual([
      { key: 'loan', advisedKobo: 1_120_000, paidKobo: 1_120_000, outcome: 'full' },
      { key: ORDINARY, advisedKobo: 500_000, paidKobo: 500_000, outcome: 'over' },
      { key: XMAS, advisedKobo: 200_000, paidKobo: 150_000, outcome: 'short' },
    ]);
    expect(match).toMatchObject({ remittedKobo: 1_870_000, paidKobo: 1_770_000, shortKobo: 50_000, overKobo: 100_000 });
  });

  it('is not on payroll when no line came, and unexpected when a line came for someone not advised', () => {
    expect(matchMember(memberE, null)).toMatchObject({ outcome: 'not_on_payroll', remittedKobo: 0, paidKobo: 0, shortKobo: 1_820_000, overKobo: 0 });
    expect(matchMember([], [{ keys: [], amountKobo: 500_000 }])).toEqual({
      outcome: 'unexpected',
      advisedKobo: 0,
      remittedKobo: 500_000,
      paidKobo: 0,
      shortKobo: 0,
      overKobo: 500_000,
      deductions: [],
    });
  });
});

describe('the age of arrears', () => {
  it('counts months back from the report month, three or more in one bucket', () => {
    expect(arrearsAgeBucket('2026-11', '2026-11')).toBe(1);
    expect(arrearsAgeBucket('2026-10', '2026-11')).toBe(1);
    expect(arrearsAgeBucket('2026-09', '2026-11')).toBe(2);
    expect(arrearsAgeBucket('2026-08', '2026-11')).toBe(3);
    expect(arrearsAgeBucket('2025-12', '2026-02')).toBe(2);
  });
});
