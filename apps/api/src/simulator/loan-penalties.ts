import type { Breach } from './invariants.ts';
import { expectStatus } from './operations.ts';
import { SIM_PENALTY } from './penalty-model.ts';
import type { World } from './world.ts';

/** The penalties' invariants by name: the failure messages and the tests use these exact words. */
export const PENALTY_INVARIANTS = {
  charges: "each loan's penalty charges agree with the penalty model",
  receivable: 'Penalties receivable equals the penalties the loans owe',
} as const;

/** The loan product's penalty fields, COOPERATIVE.md's example: 2% a month of what is overdue after 7 days' grace, capped at 10% of the instalment. */
export const SIM_PENALTY_FIELDS = {
  penaltyKind: 'percent',
  penaltyValue: String(SIM_PENALTY.rateBp / 100),
  penaltyFrequency: 'monthly',
  penaltyGraceDays: String(SIM_PENALTY.graceDays),
  penaltyCapKind: 'percent',
  penaltyCapValue: String(SIM_PENALTY.capBp / 100),
  penaltyOrder: 'first',
} as const;

/**
 * Each working morning, before anyone pays: the officer's "Run now" for the day, which charges
 * what Kobo's schedule would (the in-process app runs no schedule); the model charges the same.
 * A weekend's charge days are charged on Monday, valued then, as a server down over them would.
 */
export async function runPenaltyJob(world: World): Promise<void> {
  const day = world.clock.isoDay();
  // Only on days the job has something to read (an instalment owing past its grace): it would charge nothing otherwise.
  const graceEnded = new Date(Date.parse(`${day}T00:00:00Z`) - (SIM_PENALTY.graceDays + 1) * 86_400_000).toISOString().slice(0, 10);
  const owing = world.loans.model
    .all()
    .some((loan) => loan.status === 'active' && loan.instalments.some((row) => row.dueDate <= graceEnded && row.principal + row.interest - row.interestWaived > row.principalPaid + row.interestPaid));
  if (!owing) return;
  expectStatus(await world.officer.post('/api/loan-penalties/run', { businessDate: day }), 200, `running the penalty job for ${day}`);
  world.tally.loans.penaltyCharges += world.loans.model.accruePenalties(day);
}

type ChargeView = { instalmentNumber: number; chargeNumber: number; chargeDate: string; amountKobo: number; paidKobo: number; waivedKobo: number };

/**
 * At each month's end: every loan the model has charged, while it runs or owes penalties, shows
 * Kobo's charges as the model's, one by one (instalment, charge number, day, amount, paid), and
 * "Penalties receivable" in the trial balance is what the loans owe in penalties. Penalty income
 * reaches the year end's surplus through the model's onIncome, which the year-end check reads.
 */
export async function checkPenalties(world: World): Promise<Breach[]> {
  const { model } = world.loans;
  const breaches: Breach[] = [];
  const wrong: string[] = [];
  // Loans the model charged, while running or owing: a charge Kobo made on any other loan shows in Penalties receivable below.
  for (const loan of model.all().filter((candidate) => model.penalties.chargesOf(candidate.id).length > 0 && (candidate.status === 'active' || model.penalties.outstanding(candidate.id) > 0))) {
    const answer = await world.officer.get(`/api/loans/${loan.id}/penalties`);
    const seen = answer.status === 200 ? (answer.json as { charges: ChargeView[] }).charges.map((charge) => [charge.instalmentNumber, charge.chargeNumber, charge.chargeDate, charge.amountKobo, charge.paidKobo, charge.waivedKobo]) : `answered ${answer.status}`;
    const want = model.penalties.chargesOf(loan.id).map((charge) => [charge.instalment, charge.chargeNumber, charge.chargeDate, charge.amount, charge.paid, charge.waived]);
    if (JSON.stringify(seen) !== JSON.stringify(want)) wrong.push(`loan ${loan.id}: model ${JSON.stringify(want)}, Kobo ${JSON.stringify(seen)}`);
  }
  if (wrong.length > 0) breaches.push({ invariant: PENALTY_INVARIANTS.charges, detail: wrong.slice(0, 3).join('\n') });
  const trial = await world.officer.get('/api/books/trial-balance');
  const rows = trial.status === 200 ? (trial.json as { rows: { name: string; debitKobo: number; creditKobo: number }[] }).rows : [];
  const receivable = rows.filter((row) => row.name === 'Penalties receivable').reduce((sum, row) => sum + row.debitKobo - row.creditKobo, 0);
  if (receivable !== model.penalties.receivable()) {
    breaches.push({ invariant: PENALTY_INVARIANTS.receivable, detail: `"Penalties receivable" in the trial balance holds ${receivable}; the model's loans owe ${model.penalties.receivable()} in penalties` });
  }
  return breaches;
}
