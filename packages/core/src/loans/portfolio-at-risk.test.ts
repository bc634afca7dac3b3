import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asKobo } from '../money.ts';
import {
  classify,
  daysInArrears,
  DEFAULT_LOAN_RISK_SETTINGS,
  parBucketOf,
  portfolioAtRisk,
  provisionKobo,
  type LoanAtRisk,
} from './portfolio-at-risk.ts';
import { loanRiskSettingsInputSchema } from './risk-schema.ts';
import { MESSAGES } from '../messages.ts';

const loan = (naira: number, days: number): LoanAtRisk => ({ outstandingPrincipalKobo: asKobo(naira * 100), daysInArrears: days });

describe('days in arrears, buckets and classes', () => {
  it('counts the days since the oldest unpaid due date', () => {
    expect(daysInArrears('2026-07-31', '2026-09-15')).toBe(46);
    expect(daysInArrears('2026-07-31', '2026-08-01')).toBe(1);
    expect(daysInArrears('2026-07-31', '2026-07-31')).toBe(0);
    expect(daysInArrears(null, '2026-07-31')).toBe(0);
  });

  it('puts each day count in one bucket, edges included', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 180, 181, 4000].map(parBucketOf)).toEqual([
      'current',
      'days1To30',
      'days1To30',
      'days31To60',
      'days31To60',
      'days61To90',
      'days61To90',
      'days91To180',
      'days91To180',
      'over180',
      'over180',
    ]);
  });

  it('classifies by the scale: performing ≤30, watch 31–60, substandard 61–90, doubtful 91–180, lost over 180', () => {
    const classes = [0, 30, 31, 60, 61, 90, 91, 180, 181].map((days) => classify(days, DEFAULT_LOAN_RISK_SETTINGS));
    expect(classes).toEqual(['performing', 'performing', 'watch', 'watch', 'substandard', 'substandard', 'doubtful', 'doubtful', 'lost']);
  });

  it('follows the thresholds a scheme sets', () => {
    const strict = { ...DEFAULT_LOAN_RISK_SETTINGS, performingMaxDays: 0, watchMaxDays: 30 };
    expect(classify(1, strict)).toBe('watch');
    expect(classify(31, strict)).toBe('substandard');
  });
});

describe('provision', () => {
  it('rounds each loan half up to the kobo', () => {
    expect(provisionKobo(asKobo(12_000_000), 100)).toBe(120_000);
    expect(provisionKobo(asKobo(3_333_333), 100)).toBe(33_333);
    expect(provisionKobo(asKobo(50), 100)).toBe(1);
    expect(provisionKobo(asKobo(49), 100)).toBe(0);
    expect(provisionKobo(asKobo(100_000_000_000_000), 10_000)).toBe(100_000_000_000_000);
  });
});

describe('the report', () => {
  it('gives COOPERATIVE.md’s scale on six loans, to the kobo', () => {
    // ₦450,000 outstanding: ₦120,000 current, ₦50,000 10 days late, ₦100,000 45, ₦80,000 75, ₦60,000 120, ₦40,000 200.
    const report = portfolioAtRisk([loan(120_000, 0), loan(50_000, 10), loan(100_000, 45), loan(80_000, 75), loan(60_000, 120), loan(40_000, 200)], DEFAULT_LOAN_RISK_SETTINGS);
    expect(report).toEqual({
      loanCount: 6,
      outstandingPrincipalKobo: 45_000_000,
      buckets: [
        { key: 'current', loanCount: 1, outstandingPrincipalKobo: 12_000_000, shareBp: 2_667 },
        { key: 'days1To30', loanCount: 1, outstandingPrincipalKobo: 5_000_000, shareBp: 1_111 },
        { key: 'days31To60', loanCount: 1, outstandingPrincipalKobo: 10_000_000, shareBp: 2_222 },
        { key: 'days61To90', loanCount: 1, outstandingPrincipalKobo: 8_000_000, shareBp: 1_778 },
        { key: 'days91To180', loanCount: 1, outstandingPrincipalKobo: 6_000_000, shareBp: 1_333 },
        { key: 'over180', loanCount: 1, outstandingPrincipalKobo: 4_000_000, shareBp: 889 },
      ],
      // ₦280,000 of ₦450,000 is more than 30 days late: 62.22 %.
      par30Bp: 6_222,
      par30Kobo: 28_000_000,
      classifications: [
        // 1 % of ₦170,000 = ₦1,700; 5 % of ₦100,000; 20 % of ₦80,000; 50 % of ₦60,000; all of ₦40,000.
        { classification: 'performing', loanCount: 2, outstandingPrincipalKobo: 17_000_000, rateBp: 100, provisionKobo: 170_000 },
        { classification: 'watch', loanCount: 1, outstandingPrincipalKobo: 10_000_000, rateBp: 500, provisionKobo: 500_000 },
        { classification: 'substandard', loanCount: 1, outstandingPrincipalKobo: 8_000_000, rateBp: 2_000, provisionKobo: 1_600_000 },
        { classification: 'doubtful', loanCount: 1, outstandingPrincipalKobo: 6_000_000, rateBp: 5_000, provisionKobo: 3_000_000 },
        { classification: 'lost', loanCount: 1, outstandingPrincipalKobo: 4_000_000, rateBp: 10_000, provisionKobo: 4_000_000 },
      ],
      // ₦92,700.
      requiredProvisionKobo: 9_270_000,
    });
  });

  it('sums per-loan rounding, not the rounded total', () => {
    // Three loans of ₦0.50 at 1 %: each ½ kobo rounds up to 1, so 3 kobo (1 % of ₦1.50 would be 2).
    const report = portfolioAtRisk([loan(0.5, 0), loan(0.5, 0), loan(0.5, 0)], DEFAULT_LOAN_RISK_SETTINGS);
    expect(report.requiredProvisionKobo).toBe(3);
  });

  it('answers zeros for an empty portfolio', () => {
    const report = portfolioAtRisk([], DEFAULT_LOAN_RISK_SETTINGS);
    expect(report.par30Bp).toBe(0);
    expect(report.buckets.every((bucket) => bucket.loanCount === 0 && bucket.shareBp === 0)).toBe(true);
  });

  it('adds up: the buckets and the classes each hold every loan and every kobo (property)', () => {
    const loans = fc.array(fc.record({ outstandingPrincipalKobo: fc.integer({ min: 0, max: 10_000_000_000 }).map(asKobo), daysInArrears: fc.integer({ min: 0, max: 2_000 }) }), { maxLength: 60 });
    const thresholds = fc.uniqueArray(fc.integer({ min: 0, max: 3_650 }), { minLength: 4, maxLength: 4 }).map((days) => days.toSorted((a, b) => a - b));
    fc.assert(
      fc.property(loans, thresholds, (portfolio, [p, w, s, d]) => {
        const settings = { ...DEFAULT_LOAN_RISK_SETTINGS, performingMaxDays: p!, watchMaxDays: w!, substandardMaxDays: s!, doubtfulMaxDays: d! };
        const report = portfolioAtRisk(portfolio, settings);
        const total = portfolio.reduce((sum, one) => sum + one.outstandingPrincipalKobo, 0);
        expect(report.loanCount).toBe(portfolio.length);
        expect(report.outstandingPrincipalKobo).toBe(total);
        expect(report.buckets.reduce((sum, bucket) => sum + bucket.loanCount, 0)).toBe(portfolio.length);
        expect(report.buckets.reduce((sum, bucket) => sum + bucket.outstandingPrincipalKobo, 0)).toBe(total);
        expect(report.classifications.reduce((sum, figure) => sum + figure.loanCount, 0)).toBe(portfolio.length);
        expect(report.classifications.reduce((sum, figure) => sum + figure.outstandingPrincipalKobo, 0)).toBe(total);
        expect(report.requiredProvisionKobo).toBeLessThanOrEqual(total);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the settings form', () => {
  it('takes the scale as typed and answers basis points', () => {
    const parsed = loanRiskSettingsInputSchema.parse({
      performingMaxDays: '30',
      watchMaxDays: 60,
      substandardMaxDays: '90',
      doubtfulMaxDays: '180',
      performingRate: '1',
      watchRate: '5',
      substandardRate: '20',
      doubtfulRate: '50',
      lostRate: '100',
    });
    expect(parsed).toEqual(DEFAULT_LOAN_RISK_SETTINGS);
  });

  it('flags each bad field beside itself', () => {
    const result = loanRiskSettingsInputSchema.safeParse({
      performingMaxDays: '30',
      watchMaxDays: '20',
      substandardMaxDays: 'x',
      doubtfulMaxDays: '180',
      performingRate: '1',
      watchRate: '101',
      substandardRate: '20',
      doubtfulRate: '50',
      lostRate: '100',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['watchMaxDays', MESSAGES.riskDaysNotRising],
      ['substandardMaxDays', MESSAGES.riskDaysInvalid],
      ['watchRate', MESSAGES.riskRateInvalid],
    ]);
  });
});
