import { checkExpenses } from './expenses.ts';
import type { Breach } from './invariants.ts';
import type { World } from './world.ts';

/** The lifecycle's invariants by name: failure messages and tests use these exact words. */
export const LIFECYCLE_INVARIANTS = {
  standing: "members' standing contributions are what they asked for",
  arrears: 'contribution arrears and over-deductions held agree with the model',
  leavers: 'members who left are inactive and members who stay are active',
} as const;

/**
 * The month-end checks of the lifecycle's model (issue 35, decision 065), read through the API as
 * an officer would: each member's standing contribution on the holders' list, every holder active
 * unless they left, the arrears report's total and the over-deductions held.
 */
export async function checkLifecycle(world: World): Promise<Breach[]> {
  const breaches: Breach[] = [];
  const { officer } = world;
  const model = world.life.model;

  const listed = await officer.get('/api/savings/holders');
  if (listed.status === 200) {
    const holders = new Map((listed.json as { holders: { userId: string; name: string; monthlyContributionKobo: number; active: boolean }[] }).holders.map((holder) => [holder.userId, holder]));
    const wrong = world.members.flatMap((member) => {
      const found = holders.get(member.userId)?.monthlyContributionKobo;
      return found === model.standingOf(member.userId) ? [] : [`${member.name}: model ${model.standingOf(member.userId)}, Kobo ${found ?? 'absent'}`];
    });
    if (wrong.length > 0) breaches.push({ invariant: LIFECYCLE_INVARIANTS.standing, detail: wrong.slice(0, 5).join('; ') });
    const misplaced = [...holders.values()].filter((holder) => holder.active === model.hasLeft(holder.userId));
    if (misplaced.length > 0) breaches.push({ invariant: LIFECYCLE_INVARIANTS.leavers, detail: misplaced.slice(0, 5).map((holder) => `${holder.name}: active ${holder.active}, left ${model.hasLeft(holder.userId)}`).join('; ') });
  } else breaches.push({ invariant: LIFECYCLE_INVARIANTS.standing, detail: `GET /api/savings/holders answered ${listed.status}` });

  const arrears = await officer.get(`/api/payroll/arrears?month=${world.clock.month()}`);
  const held = await officer.get('/api/payroll/overdeductions?status=held');
  if (arrears.status !== 200 || held.status !== 200) {
    breaches.push({ invariant: LIFECYCLE_INVARIANTS.arrears, detail: `the arrears report answered ${arrears.status}, the over-deductions ${held.status}` });
  } else {
    const arrearsKobo = (arrears.json as { totalKobo: number }).totalKobo;
    const heldKobo = (held.json as { items: { amountKobo: number }[] }).items.reduce((sum, item) => sum + item.amountKobo, 0);
    if (arrearsKobo !== model.totalArrears() || heldKobo !== model.heldOverdeductions()) {
      breaches.push({ invariant: LIFECYCLE_INVARIANTS.arrears, detail: `arrears: Kobo ${arrearsKobo}, model ${model.totalArrears()}; over-deductions held: Kobo ${heldKobo}, model ${model.heldOverdeductions()}` });
    }
  }
  breaches.push(...(await checkExpenses(world)));
  return breaches;
}
