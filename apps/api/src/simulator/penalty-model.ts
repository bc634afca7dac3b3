/**
 * The simulator's own idea of loan penalties (issue 35; COOPERATIVE.md "Loans in trouble"):
 * an instalment overdue past a 7-day grace is charged 2% of what is overdue on the charge day,
 * once a month, capped at 10% of the instalment. Plain integer code, never Kobo's penaltyCharges:
 * the loan model asks it what a loan owes in penalties and tells it what repayments paid.
 */

/** The rule the simulation's loan product carries, in the model's own units. */
export const SIM_PENALTY = {
  /** Basis points of the amount overdue on the charge day. */
  rateBp: 200,
  graceDays: 7,
  /** Basis points of the instalment (principal plus interest, less interest waived). */
  capBp: 1_000,
} as const;

/** What the penalty sees of an instalment: its amount, when it fell due, and what paid it when. */
export type PenaltyInstalment = { number: number; dueDate: string; amount: number; isPaidUp: boolean; payments: { day: string; amount: number }[] };

export type ModelCharge = { instalment: number; chargeNumber: number; chargeDate: string; amount: number; paid: number; waived: number };

/** Whole kobo of `amount` × `basisPoints` ÷ 10,000, half up. */
function basisPointsOf(amount: number, basisPoints: number): number {
  return Math.floor((2 * amount * basisPoints + 10_000) / 20_000);
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day `months` months later, or that month's last day when it is shorter. */
function plusMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}

/**
 * Every loan's penalty charges, in the order Kobo pays them (charge day, instalment, charge
 * number). Charges are made by the daily job the simulator runs each working morning; they are
 * income the day they are made and sit in Penalties receivable until paid.
 */
export class PenaltyBook {
  private readonly charges = new Map<string, ModelCharge[]>();

  chargesOf(loanId: string): ModelCharge[] {
    return this.charges.get(loanId) ?? [];
  }

  outstanding(loanId: string): number {
    return this.chargesOf(loanId).reduce((sum, charge) => sum + charge.amount - charge.paid - charge.waived, 0);
  }

  /** Penalties receivable: what every loan still owes in penalties (a write-off waives them). */
  receivable(): number {
    return [...this.charges.keys()].reduce((sum, loanId) => sum + this.outstanding(loanId), 0);
  }

  /**
   * The job on `day` for one running loan: each instalment still owing whose grace has ended is
   * charged on the day after the grace and a month after each charge, while still overdue that
   * day (payments valued by then counted), 2% of what is overdue, the last cut to the cap. Only
   * charges not yet made are added; returns what they come to.
   */
  accrue(loanId: string, instalments: PenaltyInstalment[], day: string): number {
    const made = this.charges.get(loanId) ?? [];
    const known = new Set(made.map((charge) => `${charge.instalment}:${charge.chargeNumber}`));
    let added = 0;
    for (const instalment of instalments) {
      if (instalment.isPaidUp) continue;
      const first = plusDays(instalment.dueDate, SIM_PENALTY.graceDays + 1);
      const cap = basisPointsOf(instalment.amount, SIM_PENALTY.capBp);
      let charged = 0;
      for (let chargeNumber = 1; ; chargeNumber += 1) {
        const chargeDate = plusMonths(first, chargeNumber - 1);
        if (chargeDate > day) break;
        const paid = instalment.payments.filter((payment) => payment.day <= chargeDate).reduce((sum, payment) => sum + payment.amount, 0);
        if (instalment.amount - paid <= 0) break;
        const amount = Math.min(basisPointsOf(instalment.amount - paid, SIM_PENALTY.rateBp), cap - charged);
        if (amount <= 0) break;
        charged += amount;
        if (known.has(`${instalment.number}:${chargeNumber}`)) continue;
        made.push({ instalment: instalment.number, chargeNumber, chargeDate, amount, paid: 0, waived: 0 });
        added += amount;
      }
    }
    made.sort((a, b) => (a.chargeDate === b.chargeDate ? a.instalment - b.instalment || a.chargeNumber - b.chargeNumber : a.chargeDate < b.chargeDate ? -1 : 1));
    if (made.length > 0) this.charges.set(loanId, made);
    return added;
  }

  /** A repayment paid `kobo` of penalties: oldest charge first. */
  pay(loanId: string, kobo: number): void {
    let left = kobo;
    for (const charge of this.chargesOf(loanId)) {
      const part = Math.min(left, charge.amount - charge.paid - charge.waived);
      charge.paid += part;
      left -= part;
    }
    if (left !== 0) throw new Error(`the penalty model would overpay loan ${loanId}'s penalties by ${left}`);
  }

  /** A write-off waives what each charge still owes; returns the amount (penalty income given back). */
  waiveAll(loanId: string): number {
    let waived = 0;
    for (const charge of this.chargesOf(loanId)) {
      const owed = charge.amount - charge.paid - charge.waived;
      charge.waived += owed;
      waived += owed;
    }
    return waived;
  }

  /** A reversed repayment puts back what it paid: newest charge first. */
  unpay(loanId: string, kobo: number): void {
    let left = kobo;
    for (const charge of this.chargesOf(loanId).toReversed()) {
      const part = Math.min(left, charge.paid);
      charge.paid -= part;
      left -= part;
    }
    if (left !== 0) throw new Error(`the penalty model cannot put back ${left} of loan ${loanId}'s penalties`);
  }
}
