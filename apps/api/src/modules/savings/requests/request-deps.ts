import type { Outbox } from '../../../mail/outbox.ts';
import type { SavingsDeps } from '../../ledger/savings-accounts.ts';

/** What the savings request operations are given (issue 15): the savings deps, and the mail outbox. */
export type RequestDeps = SavingsDeps & {
  /** A member told of a decision by mail hears sooner when the outbox is nudged after the commit. */
  outbox: Pick<Outbox, 'nudge'>;
  /** Where links in mail point. */
  appUrl: string;
};
