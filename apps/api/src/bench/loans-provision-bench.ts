/**
 * Issue 33, part C's share of npm run bench:loans: with the seeded loans (one in five in arrears)
 * still unpaid, the portfolio-at-risk report through the API (median of `iterations`, target
 * 100 ms on PostgreSQL) and one month-end provision run (target 1 s), checked to agree to the kobo.
 */
import type { PortfolioAtRiskView, ProvisionRunView } from '@kobo/core';

export type ProvisionBenchResult = { parMedianMs: number; parP95Ms: number; provisionSeconds: number; requiredKobo: number };

export async function benchProvisioning(options: {
  baseUrl: string;
  cookie: string;
  today: string;
  loans: number;
  iterations: number;
  log: (line: string) => void;
}): Promise<ProvisionBenchResult> {
  const { baseUrl, cookie } = options;
  const getPar = async (): Promise<PortfolioAtRiskView> => {
    const response = await fetch(`${baseUrl}/api/loans/par`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`GET /api/loans/par: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { report: PortfolioAtRiskView }).report;
  };
  const first = await getPar();
  if (first.loanCount !== options.loans) throw new Error(`portfolio at risk: ${first.loanCount} loans, expected ${options.loans}`);
  await getPar();
  const times: number[] = [];
  for (let index = 0; index < options.iterations; index++) {
    const start = performance.now();
    await getPar();
    times.push(performance.now() - start);
  }
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/loans/provision-runs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ month: options.today.slice(0, 7) }),
  });
  const provisionSeconds = (performance.now() - started) / 1000;
  const answer = (await response.json()) as { run?: ProvisionRunView };
  if (response.status !== 201 || !answer.run) throw new Error(`provision run: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  if (answer.run.loanCount !== options.loans || answer.run.requiredKobo !== first.requiredProvisionKobo || answer.run.differenceKobo !== first.requiredProvisionKobo) {
    throw new Error(`provision run ${JSON.stringify(answer.run).slice(0, 300)} disagrees with the report's ${first.requiredProvisionKobo}`);
  }
  const result = { parMedianMs: percentile(times, 0.5), parP95Ms: percentile(times, 0.95), provisionSeconds: Math.round(provisionSeconds * 1000) / 1000, requiredKobo: first.requiredProvisionKobo };
  options.log(
    `portfolio at risk: median ${result.parMedianMs} ms, p95 ${result.parP95Ms} ms (target 100 ms: ${result.parMedianMs < 100 ? 'met' : 'MISSED'}); ` +
      `provision run: ${options.loans.toLocaleString('en-NG')} loans in ${result.provisionSeconds.toFixed(3)} s (target 1 s: ${result.provisionSeconds < 1 ? 'met' : 'MISSED'})`,
  );
  return result;
}

function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0) * 10) / 10;
}
