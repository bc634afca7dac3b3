/**
 * What a failed run reports: the seed (to replay it), the simulated day, which invariant broke and
 * the last requests before it. shrink.ts shrinks it to the shortest failing run it finds (issue 35).
 */
export class SimulationFailure extends Error {
  constructor(
    readonly invariant: string,
    readonly seed: number,
    readonly simulatedDay: string,
    detail: string,
    lastRequests: readonly string[],
  ) {
    super(
      [
        `simulator: invariant broken: ${invariant}`,
        `seed ${seed}, simulated date ${simulatedDay} (replay: npm run simulate -- --seed ${seed})`,
        detail,
        'last requests:',
        ...lastRequests.map((line) => `  ${line}`),
      ].join('\n'),
    );
    this.name = 'SimulationFailure';
  }
}

/** The invariants by name: the failure messages and the tests use these exact words. */
export const INVARIANTS = {
  below500: 'every request answered below 500',
  ledgerCheck: "the database's ledger check reports nothing",
  trialBalance: 'the trial balance balances',
  noNegative: 'no balance below zero',
  model: "the model agrees with Kobo's balances",
  idempotency: 'each Idempotency-Key posted at most once',
  hostile: 'hostile requests are refused and change nothing',
  expectedAnswer: 'Kobo answers as the model expects',
  committedReads: 'every read taken during writes shows a committed state',
} as const;
