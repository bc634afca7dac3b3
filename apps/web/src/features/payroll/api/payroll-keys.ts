/** The payroll loop's query keys (issue 30): one root, so a posted remittance refreshes all of it. */
export const payrollKeys = {
  all: ['payroll'] as const,
  advice: (month: string) => ['payroll', 'advice', month] as const,
  remittance: (month: string) => ['payroll', 'remittance', month] as const,
  layouts: ['payroll', 'layouts'] as const,
  arrears: (month: string) => ['payroll', 'arrears', month] as const,
  overdeductions: ['payroll', 'overdeductions'] as const,
};

/** The month's address segment: 'YYYY-MM' travels as it is. */
export function adviceUrl(month: string): string {
  return `/api/payroll/advices/${encodeURIComponent(month)}`;
}
