/**
 * The simulation's calendar: the server reads `now` (buildApp's option) instead of the wall clock,
 * and the simulator moves it a day at a time. It starts in January 2016 so no simulated day is
 * ever in the real future: SQL that reads the database's own current_date still agrees with it.
 */
export const SIMULATION_START = new Date('2016-01-01T09:00:00.000Z');

export class SimulatedClock {
  private current: Date;

  constructor(start: Date = SIMULATION_START) {
    this.current = new Date(start.getTime());
  }

  /** Handed to buildApp: a fresh Date each call, so no caller can move the clock by mutating it. */
  readonly now = (): Date => new Date(this.current.getTime());

  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }

  /** 'YYYY-MM-DD' of the simulated day (10:00 in Lagos is 09:00 UTC: the same calendar day). */
  isoDay(): string {
    return this.current.toISOString().slice(0, 10);
  }

  /** 'YYYY-MM', the payroll month the monthly run posts for. */
  month(): string {
    return this.isoDay().slice(0, 7);
  }

  dayOfMonth(): number {
    return this.current.getUTCDate();
  }

  /** Days in the simulated month, so a month's operations can be spread over all of it. */
  daysInMonth(): number {
    return new Date(Date.UTC(this.current.getUTCFullYear(), this.current.getUTCMonth() + 1, 0)).getUTCDate();
  }
}
