const STAFF_ID_PATTERN = /^STF(\d{3,})$/;

/** STF001 … STF999, then STF1000 (DECISIONS 10): three digits at least, never truncated. */
export function formatStaffId(sequenceNumber: number): string {
  if (!Number.isSafeInteger(sequenceNumber) || sequenceNumber < 1) {
    throw new RangeError(`A staff number starts at 1, got ${sequenceNumber}`);
  }
  return `STF${String(sequenceNumber).padStart(3, '0')}`;
}

export function parseStaffId(staffId: string): number | null {
  const match = STAFF_ID_PATTERN.exec(staffId);
  return match ? Number(match[1]) : null;
}
