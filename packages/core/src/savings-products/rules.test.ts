import { describe, expect, it } from 'vitest';
import { earlyWithdrawalNotice, ownTransferRefusal, withdrawalRefusal } from './rules.ts';
import { christmas, fixedDeposit, ordinary, schoolFees, shares } from './test-products.ts';

const member = { onDay: '2026-11-26', isMember: true };
const deposit = { maturesOn: '2027-06-30' };

describe('withdrawing from a product', () => {
  it('from ordinary savings is for the balance rules to judge', () => {
    expect(withdrawalRefusal(ordinary, member)).toBeNull();
  });

  it('from shares is refused while a member, naming the product', () => {
    expect(withdrawalRefusal(shares, member)).toBe('Shares cannot be withdrawn while you are a member');
    expect(withdrawalRefusal({ ...shares, name: 'Share Capital' }, member)).toBe('Share Capital cannot be withdrawn while you are a member');
  });

  it('from shares is allowed once the person is no longer a member (the exit settlement)', () => {
    expect(withdrawalRefusal(shares, { onDay: '2026-11-26', isMember: false })).toBeNull();
  });

  it('from a target product outside its window is refused with the day it opens', () => {
    expect(withdrawalRefusal(christmas, member)).toBe('Christmas Savings opens for withdrawal on 1 Dec 2026');
    expect(withdrawalRefusal(christmas, { onDay: '2027-01-02', isMember: true })).toBe('Christmas Savings opens for withdrawal on 1 Dec 2027');
  });

  it('from a target product in its window is allowed', () => {
    expect(withdrawalRefusal(christmas, { onDay: '2026-12-01', isMember: true })).toBeNull();
  });

  it('from a target product allowing early withdrawal is allowed outside the window, with a notice of the cost', () => {
    expect(withdrawalRefusal(schoolFees, member)).toBeNull();
    expect(earlyWithdrawalNotice(schoolFees, member.onDay)).toBe('School Fees opens for withdrawal on 1 Aug 2027; withdrawing early costs 5%');
    expect(earlyWithdrawalNotice({ ...schoolFees, penalty: null }, member.onDay)).toBe(
      'School Fees opens for withdrawal on 1 Aug 2027; it can be withdrawn early without a penalty',
    );
    expect(earlyWithdrawalNotice(schoolFees, '2027-08-01')).toBeNull();
    expect(earlyWithdrawalNotice(christmas, member.onDay)).toBeNull();
  });

  it('from a fixed deposit before maturity is refused with the maturity day and the cost of breaking it', () => {
    expect(withdrawalRefusal(fixedDeposit, { ...member, terms: deposit })).toBe('Fixed Deposit matures on 30 Jun 2027; breaking it early costs 2%');
    expect(withdrawalRefusal({ ...fixedDeposit, penalty: { kind: 'fixed', kobo: 50_000 } }, { ...member, terms: deposit })).toBe(
      'Fixed Deposit matures on 30 Jun 2027; breaking it early costs ₦500.00',
    );
    expect(withdrawalRefusal({ ...fixedDeposit, penalty: null }, { ...member, terms: deposit })).toBe(
      'Fixed Deposit matures on 30 Jun 2027; it can be broken early without a penalty',
    );
  });

  it('from a fixed deposit is allowed from the maturity day', () => {
    expect(withdrawalRefusal(fixedDeposit, { onDay: '2027-06-30', isMember: true, terms: deposit })).toBeNull();
  });

  it('from a fixed deposit cannot be judged without its terms', () => {
    expect(() => withdrawalRefusal(fixedDeposit, member)).toThrow(RangeError);
  });
});

describe('moving money between a member’s own products', () => {
  it('between ordinary savings and target or shares is allowed both ways where the product allows', () => {
    expect(ownTransferRefusal(ordinary, christmas, '2026-11-26')).toBeNull();
    expect(ownTransferRefusal(ordinary, shares, '2026-11-26')).toBeNull();
    expect(ownTransferRefusal(christmas, ordinary, '2026-12-10')).toBeNull();
  });

  it('out of shares is refused', () => {
    expect(ownTransferRefusal(shares, ordinary, '2026-11-26')).toBe('Shares cannot be withdrawn while you are a member');
  });

  it('out of a target product is refused outside the window, allowed early where the product allows', () => {
    expect(ownTransferRefusal(christmas, ordinary, '2026-11-26')).toBe('Christmas Savings opens for withdrawal on 1 Dec 2026');
    expect(ownTransferRefusal(schoolFees, ordinary, '2026-11-26')).toBeNull();
  });

  it('into a fixed deposit is refused except when it is opened', () => {
    expect(ownTransferRefusal(ordinary, fixedDeposit, '2026-11-26')).toBe('Fixed Deposit takes money only when it is opened');
    expect(ownTransferRefusal(ordinary, fixedDeposit, '2026-11-26', { isOpening: true })).toBeNull();
  });

  it('out of a fixed deposit waits for maturity', () => {
    expect(ownTransferRefusal(fixedDeposit, ordinary, '2027-06-29', { fromTerms: deposit })).toBe('Fixed Deposit matures on 30 Jun 2027; breaking it early costs 2%');
    expect(ownTransferRefusal(fixedDeposit, ordinary, '2027-06-30', { fromTerms: deposit })).toBeNull();
  });

  it('into a retired product, or into the same product, is refused', () => {
    expect(ownTransferRefusal(ordinary, { ...christmas, name: 'Christmas Savings 2025', retiredAt: '2026-01-10T09:00:00.000Z' }, '2026-11-26')).toBe(
      'Christmas Savings 2025 is retired and takes no new money',
    );
    expect(ownTransferRefusal(ordinary, ordinary, '2026-11-26')).toBe('Please choose two different products');
  });
});
