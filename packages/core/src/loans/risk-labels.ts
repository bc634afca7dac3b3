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

/** The portfolio-at-risk tab's words (one home, for the screen and its tests). */
export const PAR_SCREEN_TEXT = {
  tab: 'Portfolio at risk',
  title: 'Portfolio at risk',
  par30: 'PAR30',
  par30Note: 'Outstanding principal of loans more than 30 days in arrears',
  required: 'Provision required',
  held: 'Provision held',
  heldNote: 'In the Loan loss provision account',
  bucketsTitle: 'Days in arrears',
  classesTitle: 'Classification and provision',
  bucketColumn: 'Days in arrears',
  classColumn: 'Classification',
  loansColumn: 'Loans',
  outstandingColumn: 'Outstanding principal',
  shareColumn: '% of portfolio',
  rateColumn: 'Provision %',
  provisionColumn: 'Provision',
  total: 'Total',
  export: 'Download .xlsx',
  loansTitle: 'Loans in arrears by class',
  borrowerColumn: 'Borrower',
  daysColumn: 'Days',
  runTitle: 'Month-end provision',
  runDescription: 'Posts one entry to the Loan loss provision account: the difference between what the loans require and what it holds.',
  runMonth: 'Month',
  runButton: 'Run provision',
  runsTitle: 'Provision runs',
  monthColumn: 'Month',
  postedColumn: 'Posted',
  byColumn: 'By',
  settingsTitle: 'Classification scale',
  settingsDescription: 'The most days in arrears each class holds (Lost is anything beyond Doubtful), and the share of outstanding principal provided for each.',
  settingsSave: 'Save scale',
  settingsSaved: 'Classification scale saved.',
} as const;
