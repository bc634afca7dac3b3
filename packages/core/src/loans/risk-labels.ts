import type { LoanClassification, ParBucketKey } from './portfolio-at-risk.ts';

/** Issue 33: the portfolio-at-risk report's words (docs/decisions/054). */
export const PAR_BUCKET_LABELS: Record<ParBucketKey, string> = {
  current: 'Current',
  days1To30: '1–30 days',
  days31To60: '31–60 days',
  days61To90: '61–90 days',
  days91To180: '91–180 days',
  over180: 'Over 180 days',
};

export const LOAN_CLASSIFICATION_LABELS: Record<LoanClassification, string> = {
  performing: 'Performing',
  watch: 'Watch',
  substandard: 'Substandard',
  doubtful: 'Doubtful',
  lost: 'Lost',
};

/** The settings form's labels, field by field. */
export const LOAN_RISK_SETTING_LABELS = {
  performingMaxDays: 'Performing: up to (days)',
  watchMaxDays: 'Watch: up to (days)',
  substandardMaxDays: 'Substandard: up to (days)',
  doubtfulMaxDays: 'Doubtful: up to (days)',
  performingRate: 'Performing provision (%)',
  watchRate: 'Watch provision (%)',
  substandardRate: 'Substandard provision (%)',
  doubtfulRate: 'Doubtful provision (%)',
  lostRate: 'Lost provision (%)',
} as const;
