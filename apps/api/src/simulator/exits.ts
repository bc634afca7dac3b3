import { UnexpectedAnswer, type Operation } from './operations.ts';
import { expectStatus } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/** The exits' own words in a failure: what leaving pays, or who is still active, differed from the model. */
export const EXITS = "a member's exit pays what the model predicts and leaves them inactive";

/** The simulated scheme's by-laws for leaving: 30 days' notice (none for a death), a ₦500 exit fee, no interest pro rata. */
export const EXIT_FEE_KOBO = 50_000;

export async function setUpExits(world: World): Promise<void> {
  const saved = await world.officer.put('/api/exits/settings', { noticeDays: 30, exitFeeKobo: EXIT_FEE_KOBO, proRata: false });
  expectStatus(saved, 200, 'saving the exit settings');
}

/** An exit given notice and not yet settled or cancelled. */
export type PendingExit = { id: string; member: Member; earliest: string; death: boolean };

function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A member gives notice (resignation, on their own page) or the officer records a death (no
 * notice): Kobo answers the earliest settlement date, today plus the notice days, or today.
 */
export function giveNotice(world: World, member: Member, death: boolean): Operation {
  return {
    touches: [member.userId],
    run: async () => {
      const today = world.clock.isoDay();
      const answer = death
        ? await world.officer.post('/api/exits', { userId: member.userId, reason: 'death', leavingDate: today, note: 'sim: recorded by the officer' })
        : await member.caller.post('/api/account/exit', { reason: 'resignation', leavingDate: addDays(today, 30) });
      expectStatus(answer, 201, `${death ? 'recording the death of' : 'notice given by'} ${member.name}`);
      const exit = (answer.json as { exit: { id: string; earliestSettlementDate: string } }).exit;
      const expected = death ? today : addDays(today, 30);
      if (exit.earliestSettlementDate !== expected) throw new UnexpectedAnswer(EXITS, `${member.name}'s exit is settleable from ${exit.earliestSettlementDate}; the model says ${expected}`);
      if (death) {
        // A deceased member's payout goes to their nominees, here COOPERATIVE.md's 60% and 40%.
        const nominees = [
          { name: `${member.name} Spouse`, relationship: 'Spouse', phone: '08031234567', shareBp: 6000 },
          { name: `${member.name} Child`, relationship: 'Child', phone: '08031234568', shareBp: 4000 },
        ];
        expectStatus(await world.officer.send('PUT', `/api/members/${member.userId}/nominees`, JSON.stringify({ nominees })), 200, `recording ${member.name}'s nominees`);
      }
      return () => {
        world.life.exits.push({ id: exit.id, member, earliest: exit.earliestSettlementDate, death });
        world.tally.notices += 1;
      };
    },
  };
}

type Statement = { savingsKobo: number; exitFeeKobo: number; netKobo: number; payableKobo: number; payees: { amountKobo: number }[] };

/**
 * Settling an exit once its notice has run: the statement previewed (the model's payout: the
 * balance less the fee, to the member or, for a death, to their estate), approved, settled with
 * an Idempotency-Key and once more with it (a replay); the payout's withdrawal read back, and the
 * member's session refused from then on. A member whose savings no longer cover the fee stays:
 * the officer cancels the exit.
 */
export function settleExit(world: World, pending: PendingExit): Operation {
  const { member } = pending;
  return {
    touches: [member.userId],
    run: async () => {
      const today = world.clock.isoDay();
      const fail = (detail: string) => new UnexpectedAnswer(EXITS, `${member.name}'s exit: ${detail}`);
      const balance = world.model.balance(member.userId);
      const body = { settlementDate: today };
      const preview = await world.officer.post(`/api/exits/${pending.id}/preview`, body);
      expectStatus(preview, 200, `previewing ${member.name}'s exit`);
      const statement = preview.json as Statement;
      const expected = { savingsKobo: balance, exitFeeKobo: EXIT_FEE_KOBO, netKobo: balance - EXIT_FEE_KOBO, payableKobo: Math.max(0, balance - EXIT_FEE_KOBO) };
      const found = { savingsKobo: statement.savingsKobo, exitFeeKobo: statement.exitFeeKobo, netKobo: statement.netKobo, payableKobo: statement.payableKobo };
      if (JSON.stringify(found) !== JSON.stringify(expected)) throw fail(`Kobo's statement ${JSON.stringify(found)}; the model's ${JSON.stringify(expected)}`);
      if (balance < EXIT_FEE_KOBO) {
        expectStatus(await world.officer.post(`/api/exits/${pending.id}/cancel`, { reason: 'sim: savings no longer cover the exit fee' }), 200, `cancelling ${member.name}'s exit`);
        return () => {
          world.life.exits = world.life.exits.filter((exit) => exit !== pending);
          world.tally.cancelledExits += 1;
        };
      }
      // Each payee's share within a kobo of the exact split, and the shares adding up to the payout.
      const shares = pending.death ? [6000, 4000] : [10_000];
      const paid = statement.payees.reduce((sum, payee) => sum + payee.amountKobo, 0);
      const offShare = statement.payees.some((payee, index) => Math.abs(payee.amountKobo * 10_000 - expected.payableKobo * (shares[index] ?? 0)) >= 10_000);
      if (paid !== expected.payableKobo || statement.payees.length !== shares.length || offShare) throw fail(`the payees ${JSON.stringify(statement.payees)} of ${expected.payableKobo}`);
      // A second officer: with a two-person threshold set, whoever recorded a death may not approve its exit.
      expectStatus(await world.loans.secondOfficer.post(`/api/exits/${pending.id}/approve`, body), 200, `approving ${member.name}'s exit`);
      const key = world.newKey();
      const settled = await world.officer.post(`/api/exits/${pending.id}/settle`, {}, { 'idempotency-key': key });
      expectStatus(settled, 201, `settling ${member.name}'s exit`);
      const again = await world.officer.post(`/api/exits/${pending.id}/settle`, {}, { 'idempotency-key': key });
      expectStatus(again, 201, `settling ${member.name}'s exit again with its key`, INVARIANTS.idempotency);
      const detail = await world.officer.get(`/api/savings/accounts/${member.userId}?period=week`);
      expectStatus(detail, 200, `reading ${member.name}'s account after the exit`);
      const rows = (detail.json as { transactions: { id: string; type: string; amountKobo: number; valueDate: string; description: string | null }[] }).transactions;
      const payout = rows.filter((row) => row.description === 'Paid out on exit' && row.valueDate === today);
      if (payout.length !== 1 || payout[0]?.type !== 'withdrawal' || payout[0].amountKobo !== balance) throw fail(`the payout rows ${JSON.stringify(payout)}; the model empties ${nairaText(balance)}`);
      const session = await member.caller.get('/api/savings/me');
      if (session.status < 400 || session.status >= 500) throw fail(`after settling, the member's own session is still answered ${session.status}`);
      const payoutId = payout[0].id;
      return () => {
        world.model.record([payoutId], [{ userId: member.userId, kobo: -balance }], `${member.name}'s exit payout ${nairaText(balance)}`);
        world.model.close(member.userId);
        world.life.model.recordExit(member.userId);
        // The fee is the scheme's income: it adds to the year's surplus.
        world.life.model.recordIncome(Number(today.slice(0, 4)), EXIT_FEE_KOBO);
        world.life.exits = world.life.exits.filter((exit) => exit !== pending);
        world.members.splice(world.members.indexOf(member), 1);
        if (pending.death) world.tally.deaths += 1;
        else world.tally.exits += 1;
      };
    },
  };
}
