import { asKobo, type Kobo } from '../money.ts';
import { addDays, daysInRange, type IsoDate } from '../periods.ts';

/**
 * Portfolio at risk, classification and provisioning (issue 33; COOPERATIVE.md "Loans in
 * trouble"; docs/decisions/054-portfolio-at-risk-and-provisioning.md). Pure: the caller gives each
 * loan's outstanding principal and its days in arrears (since the oldest unpaid instalment's due
 * date), and the scheme's settings.
 */

/** The report's fixed buckets of days in arrears: not settings, so every scheme's PAR reads alike. */
export const PAR_BUCKETS = [
  { key: 'current', fromDays: 0, toDays: 0 },
  { key: 'days1To30', fromDays: 1, toDays: 30 },
  { key: 'days31To60', fromDays: 31, toDays: 60 },
  { key: 'days61To90', fromDays: 61, toDays: 90 },
  { key: 'days91To180', fromDays: 91, toDays: 180 },
  { key: 'over180', fromDays: 181, toDays: null },
] as const satisfies readonly { key: string; fromDays: number; toDays: number | null }[];
export type ParBucketKey = (typeof PAR_BUCKETS)[number]['key'];

export const LOAN_CLASSIFICATIONS = ['performing', 'watch', 'substandard', 'doubtful', 'lost'] as const;
export type LoanClassification = (typeof LOAN_CLASSIFICATIONS)[number];

/**
 * The scheme's scale: the most days in arrears each class holds (lost is everything beyond
 * doubtful's), and the share of outstanding principal provided for each class, in basis points.
 */
export type LoanRiskSettings = {
  performingMaxDays: number;
  watchMaxDays: number;
  substandardMaxDays: number;
  doubtfulMaxDays: number;
  performingRateBp: number;
  watchRateBp: number;
  substandardRateBp: number;
  doubtfulRateBp: number;
  lostRateBp: number;
};

/** COOPERATIVE.md's common scale (the Nigerian microfinance prudential one): ≤30, 31–60, 61–90, 91–180, over 180 days; 1, 5, 20, 50, 100 %. */
export const DEFAULT_LOAN_RISK_SETTINGS: LoanRiskSettings = {
  performingMaxDays: 30,
  watchMaxDays: 60,
  substandardMaxDays: 90,
  doubtfulMaxDays: 180,
  performingRateBp: 100,
  watchRateBp: 500,
  substandardRateBp: 2_000,
  doubtfulRateBp: 5_000,
  lostRateBp: 10_000,
};

/**
 * Days from the oldest unpaid instalment's due date to `asOf`: 0 when nothing is unpaid past its
 * due date. The day after the due date is the first day in arrears, as the loans' own arrears count
 * them (repayments.ts arrearsOn), so a loan's page, its recovery and its PAR bucket agree.
 */
export function daysInArrears(oldestUnpaidDueDate: IsoDate | null, asOf: IsoDate): number {
  if (oldestUnpaidDueDate === null || oldestUnpaidDueDate >= asOf) return 0;
  return daysInRange({ from: addDays(oldestUnpaidDueDate, 1), to: asOf });
}

export function parBucketOf(days: number): ParBucketKey {
  const bucket = PAR_BUCKETS.find((candidate) => days >= candidate.fromDays && (candidate.toDays === null || days <= candidate.toDays));
  return (bucket ?? PAR_BUCKETS[PAR_BUCKETS.length - 1]!).key;
}

export function classify(days: number, settings: LoanRiskSettings): LoanClassification {
  if (days <= settings.performingMaxDays) return 'performing';
  if (days <= settings.watchMaxDays) return 'watch';
  if (days <= settings.substandardMaxDays) return 'substandard';
  if (days <= settings.doubtfulMaxDays) return 'doubtful';
  return 'lost';
}

export function provisionRateBp(classification: LoanClassification, settings: LoanRiskSettings): number {
  return settings[`${classification}RateBp`];
}

/**
 * One loan's provision: outstanding × rate, rounded half up to the kobo, per loan (so the run's
 * lines add up to its entry). BigInt because 10^14 kobo × 10,000 passes 2^53. The report's SQL
 * computes the same `(outstanding × bp + 5000) / 10000` in bigint.
 */
export function provisionKobo(outstandingPrincipalKobo: Kobo, rateBp: number): Kobo {
  if (outstandingPrincipalKobo <= 0) return asKobo(0);
  return asKobo(Number((BigInt(outstandingPrincipalKobo) * BigInt(rateBp) + 5_000n) / 10_000n));
}

export type LoanAtRisk = { outstandingPrincipalKobo: Kobo; daysInArrears: number };

export type ParBucketFigure = { key: ParBucketKey; loanCount: number; outstandingPrincipalKobo: Kobo; shareBp: number };
export type ClassificationFigure = { classification: LoanClassification; loanCount: number; outstandingPrincipalKobo: Kobo; rateBp: number; provisionKobo: Kobo };
export type PortfolioAtRisk = {
  loanCount: number;
  outstandingPrincipalKobo: Kobo;
  buckets: ParBucketFigure[];
  /** Outstanding principal of loans more than 30 days in arrears ÷ all outstanding principal, in basis points. */
  par30Bp: number;
  par30Kobo: Kobo;
  classifications: ClassificationFigure[];
  requiredProvisionKobo: Kobo;
};

/** A share of the whole in basis points, rounded half up once (for display); 0 of nothing is 0. */
export function shareBp(partKobo: number, wholeKobo: number): number {
  if (wholeKobo <= 0) return 0;
  return Number((BigInt(partKobo) * 20_000n + BigInt(wholeKobo)) / (2n * BigInt(wholeKobo)));
}

/**
 * The report: every loan in exactly one bucket and one class, so the buckets' and the classes'
 * counts and outstanding each add up to the portfolio. `loanCount` lets a caller pass loans already
 * grouped by days in arrears (the database's report), with the group's provision summed per loan.
 */
export function portfolioAtRisk(
  loans: readonly (LoanAtRisk & { loanCount?: number; provisionKobo?: Kobo })[],
  settings: LoanRiskSettings,
): PortfolioAtRisk {
  const buckets = new Map(PAR_BUCKETS.map((bucket) => [bucket.key as ParBucketKey, { count: 0, kobo: 0 }]));
  const classes = new Map(LOAN_CLASSIFICATIONS.map((name) => [name as LoanClassification, { count: 0, kobo: 0, provision: 0 }]));
  let count = 0;
  let total = 0;
  let par30 = 0;
  for (const loan of loans) {
    const loanCount = loan.loanCount ?? 1;
    const kobo = loan.outstandingPrincipalKobo;
    const bucket = buckets.get(parBucketOf(loan.daysInArrears))!;
    bucket.count += loanCount;
    bucket.kobo += kobo;
    const classification = classify(loan.daysInArrears, settings);
    const figure = classes.get(classification)!;
    figure.count += loanCount;
    figure.kobo += kobo;
    figure.provision += loan.provisionKobo ?? provisionKobo(kobo, provisionRateBp(classification, settings));
    count += loanCount;
    total += kobo;
    if (loan.daysInArrears > 30) par30 += kobo;
  }
  const classifications = LOAN_CLASSIFICATIONS.map((classification) => {
    const figure = classes.get(classification)!;
    return { classification, loanCount: figure.count, outstandingPrincipalKobo: asKobo(figure.kobo), rateBp: provisionRateBp(classification, settings), provisionKobo: asKobo(figure.provision) };
  });
  return {
    loanCount: count,
    outstandingPrincipalKobo: asKobo(total),
    buckets: PAR_BUCKETS.map(({ key }) => {
      const figure = buckets.get(key)!;
      return { key, loanCount: figure.count, outstandingPrincipalKobo: asKobo(figure.kobo), shareBp: shareBp(figure.kobo, total) };
    }),
    par30Bp: shareBp(par30, total),
    par30Kobo: asKobo(par30),
    classifications,
    requiredProvisionKobo: asKobo(classifications.reduce((sum, figure) => sum + figure.provisionKobo, 0)),
  };
}

/** What a run posts: the required provision less what the provision account already holds (either sign). */
export function provisionDifference(requiredKobo: Kobo, heldKobo: Kobo): number {
  return requiredKobo - heldKobo;
}
