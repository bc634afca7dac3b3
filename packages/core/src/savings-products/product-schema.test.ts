import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { readDayOfYear, savingsProductRulesSchema, savingsProductSchema, toSavingsProductRules } from './product-schema.ts';

/** The refusals of a form, field by field. */
function refusals(form: Record<string, unknown>): Record<string, string> {
  const result = savingsProductSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const rules = (form: Record<string, unknown>) => toSavingsProductRules(savingsProductSchema.parse(form));

const sharesForm = { name: 'Shares', kind: 'shares', controlAccountId: 'acc-3000', sharePricing: 'per_share', sharePrice: '1,000', minimumHolding: '25,000' };
const christmasForm = {
  name: ' Christmas Savings ',
  kind: 'target',
  controlAccountId: 'acc-2110',
  windowOpens: '12-01',
  windowCloses: { day: '31', month: '12' },
  payoutOn: '12-15',
  payoutTo: 'ordinary',
  earlyWithdrawal: false,
};
const fixedForm = { name: 'Fixed Deposit', kind: 'fixed', controlAccountId: 'acc-2130', annualRate: '10.5', termMonths: '9', penaltyKind: 'percent', penaltyValue: '2', penaltyAccountId: 'acc-4200' };

describe('a savings product’s form', () => {
  it('gives share capital’s rules in kobo', () => {
    expect(rules(sharesForm)).toEqual({
      name: 'Shares',
      kind: 'shares',
      controlAccountId: 'acc-3000',
      sharePriceKobo: 100_000,
      minimumHoldingKobo: 2_500_000,
      windowOpens: null,
      windowCloses: null,
      payoutOn: null,
      payoutTo: null,
      earlyWithdrawal: false,
      penalty: null,
      penaltyAccountId: null,
      annualRateBp: null,
      termMonths: null,
    });
  });

  it('holds shares as a naira amount without a price, and ₦0 or a blank minimum as none', () => {
    const amount = rules({ ...sharesForm, sharePricing: 'amount', sharePrice: '', minimumHolding: '' });
    expect(amount.sharePriceKobo).toBeNull();
    expect(amount.minimumHoldingKobo).toBeNull();
    expect(rules({ ...sharesForm, sharePricing: 'amount', minimumHolding: '0' }).minimumHoldingKobo).toBeNull();
    expect(rules({ ...sharesForm, sharePricing: 'amount', minimumHolding: '24,500.50' }).minimumHoldingKobo).toBe(2_450_050);
  });

  it('gives a target product’s days, reading day and month fields as MM-DD', () => {
    expect(rules(christmasForm)).toMatchObject({
      name: 'Christmas Savings',
      kind: 'target',
      windowOpens: '12-01',
      windowCloses: '12-31',
      payoutOn: '12-15',
      payoutTo: 'ordinary',
      earlyWithdrawal: false,
      penalty: null,
      penaltyAccountId: null,
      sharePriceKobo: null,
      annualRateBp: null,
    });
  });

  it('gives a target product’s early-withdrawal penalty, as a percentage or an amount', () => {
    const early = { ...christmasForm, earlyWithdrawal: true, penaltyKind: 'percent', penaltyValue: '5', penaltyAccountId: 'acc-4200' };
    expect(rules(early)).toMatchObject({ earlyWithdrawal: true, penalty: { kind: 'percent', basisPoints: 500 }, penaltyAccountId: 'acc-4200' });
    expect(rules({ ...early, penaltyKind: 'fixed', penaltyValue: '₦500' }).penalty).toEqual({ kind: 'fixed', kobo: 50_000 });
    expect(rules({ ...early, penaltyKind: 'none', penaltyAccountId: '' })).toMatchObject({ earlyWithdrawal: true, penalty: null, penaltyAccountId: null });
  });

  it('ignores a penalty on a target product without early withdrawal', () => {
    expect(rules({ ...christmasForm, penaltyKind: 'percent', penaltyValue: '5', penaltyAccountId: 'acc-4200' })).toMatchObject({ penalty: null, penaltyAccountId: null });
  });

  it('gives a fixed deposit’s rate in basis points, its term and its penalty', () => {
    expect(rules(fixedForm)).toMatchObject({ annualRateBp: 1_050, termMonths: 9, penalty: { kind: 'percent', basisPoints: 200 }, penaltyAccountId: 'acc-4200', earlyWithdrawal: false });
  });

  it('keeps no rule of another kind', () => {
    expect(rules({ name: 'Ordinary Savings', kind: 'ordinary', controlAccountId: 'acc-2100', sharePrice: '1000', annualRate: '12', windowOpens: '12-01' })).toMatchObject({
      sharePriceKobo: null,
      annualRateBp: null,
      windowOpens: null,
      earlyWithdrawal: false,
    });
  });

  it('is read in one step by savingsProductRulesSchema', () => {
    expect(savingsProductRulesSchema.parse(fixedForm).annualRateBp).toBe(1_050);
  });
});

describe('a savings product’s form refuses', () => {
  it('a missing name, kind and control account, each on its field', () => {
    expect(refusals({})).toEqual({
      name: MESSAGES.loanProductNameRequired,
      kind: MESSAGES.chooseSavingsProductKind,
      controlAccountId: MESSAGES.savingsControlAccountRequired,
    });
    expect(refusals({ name: '   ', kind: 'loan', controlAccountId: '' })).toEqual({
      name: "Please enter the product's name",
      kind: 'Please choose share capital, ordinary savings, target savings or fixed deposit',
      controlAccountId: "Please choose the product's control account",
    });
  });

  it('a name longer than 60 characters', () => {
    expect(refusals({ ...sharesForm, name: 'S'.repeat(61) })).toEqual({ name: 'Name must be at most 60 characters' });
    expect(refusals({ ...sharesForm, name: 'S'.repeat(60) })).toEqual({});
  });

  it('shares without a pricing, a price or with a minimum that is not whole shares', () => {
    expect(refusals({ ...sharesForm, sharePricing: undefined })).toEqual({ sharePricing: 'Please choose a price per share or a naira amount' });
    expect(refusals({ ...sharesForm, sharePrice: '0' })).toEqual({ sharePrice: 'Please enter a valid amount' });
    expect(refusals({ ...sharesForm, sharePrice: '1000.555' })).toEqual({ sharePrice: 'Please enter a valid amount' });
    expect(refusals({ ...sharesForm, minimumHolding: '24,500.50' })).toEqual({ minimumHolding: 'The minimum holding must be a whole number of shares' });
    expect(refusals({ ...sharesForm, minimumHolding: 'lots' })).toEqual({ minimumHolding: 'Please enter a valid amount' });
  });

  it('a target product’s missing or impossible days', () => {
    expect(refusals({ ...christmasForm, windowOpens: undefined, windowCloses: '12-32', payoutOn: { day: '31', month: '4' } })).toEqual({
      windowOpens: 'Please choose a day and a month',
      windowCloses: 'Please choose a day and a month',
      payoutOn: 'Please choose a day and a month',
    });
    expect(refusals({ ...christmasForm, windowOpens: '02-29' })).toEqual({ windowOpens: 'Please choose a day every year has: 29 February is not one' });
  });

  it('a window that closes before it opens (it never wraps the year end), and a pay-out day outside it', () => {
    expect(refusals({ ...christmasForm, windowOpens: '12-01', windowCloses: '01-31', payoutOn: '12-15' })).toEqual({ windowCloses: 'The window cannot close before it opens' });
    expect(refusals({ ...christmasForm, payoutOn: '11-30' })).toEqual({ payoutOn: 'The pay-out day must fall within the withdrawal window' });
    expect(refusals({ ...christmasForm, payoutOn: '12-31' })).toEqual({});
  });

  it('a target product without a pay-out destination or with an unreadable early-withdrawal choice', () => {
    expect(refusals({ ...christmasForm, payoutTo: 'bank' })).toEqual({ payoutTo: 'Please choose where balances go on the pay-out day' });
    expect(refusals({ ...christmasForm, earlyWithdrawal: 'maybe' })).toEqual({ earlyWithdrawal: 'Please say whether early withdrawal is allowed' });
  });

  it('a penalty that is not a kind, a percentage or an amount, or has no income account', () => {
    const early = { ...christmasForm, earlyWithdrawal: 'true', penaltyKind: 'percent', penaltyValue: '5', penaltyAccountId: 'acc-4200' };
    expect(refusals(early)).toEqual({});
    expect(refusals({ ...early, penaltyKind: 'some' })).toEqual({ penaltyKind: 'Please choose no penalty, a percentage or a fixed amount' });
    expect(refusals({ ...early, penaltyValue: '100.01' })).toEqual({ penaltyValue: 'Please enter a penalty from 0.01% to 100%' });
    expect(refusals({ ...early, penaltyValue: '0' })).toEqual({ penaltyValue: 'Please enter a penalty from 0.01% to 100%' });
    expect(refusals({ ...early, penaltyKind: 'fixed', penaltyValue: '0' })).toEqual({ penaltyValue: 'Please enter a valid amount' });
    expect(refusals({ ...early, penaltyAccountId: undefined })).toEqual({ penaltyAccountId: 'Please choose the income account the penalty goes to' });
  });

  it('a fixed deposit’s rate above 100% and a term outside 1 to 120 months', () => {
    expect(refusals({ ...fixedForm, annualRate: '100.5', termMonths: '121' })).toEqual({
      annualRate: 'Please enter an annual rate from 0% to 100%, with at most two decimals',
      termMonths: 'Please enter a term of 1 to 120 months',
    });
    expect(refusals({ ...fixedForm, termMonths: '0' })).toEqual({ termMonths: 'Please enter a term of 1 to 120 months' });
    expect(refusals({ ...fixedForm, annualRate: '0', termMonths: 120 })).toEqual({});
  });

  it('nothing of another kind: a share price is not asked of a target product', () => {
    expect(refusals({ ...christmasForm, sharePrice: 'abc', annualRate: '500' })).toEqual({});
  });
});

describe('a day of the year as typed', () => {
  it.each([
    ['12-01', '12-01'],
    ['12-1', '12-01'],
    [{ day: 1, month: 12 }, '12-01'],
    [{ day: '29', month: '2' }, '02-29'],
    [{ day: '30', month: '2' }, null],
    ['1 Dec', null],
    [undefined, null],
  ])('%o reads as %s', (value, expected) => {
    expect(readDayOfYear(value)).toBe(expected);
  });
});
