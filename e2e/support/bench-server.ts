import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CategoryView } from '@kobo/core';
import { buildApp, type KoboApp } from '../../apps/api/src/app.ts';
import { readEnv } from '../../apps/api/src/config/env.ts';
import { createAccount } from '../../apps/api/src/modules/auth/create-account.ts';
import { lagosToday } from './expense-seed.ts';
import { WEB_DIST_DIR } from './paths.ts';

export type BenchAccount = { email: string; password: string };
export type BenchServer = { baseURL: string; admin: BenchAccount; staff: BenchAccount; stop: () => Promise<void> };

/** The staff member's balance and the administrator's total for today, as the seed leaves them. */
export const BALANCE_KOBO = 1_750_050;
export const TOTAL_KOBO = 200_000;

/**
 * The benches' server (bench:load, bench:lighthouse): the built app (`npm run build`, or
 * KOBO_WEB_DIST) in production mode on a fresh PGlite directory, with an administrator who has
 * some expenses today and a staff member who has some savings.
 */
export async function startBenchServer(): Promise<BenchServer> {
  if (!existsSync(join(WEB_DIST_DIR, 'index.html'))) throw new Error(`No build in ${WEB_DIST_DIR}: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env = readEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseURL,
    DATA_DIR: dataDir,
    WEB_DIST_DIR,
    LOG_LEVEL: 'silent',
    // The first screen rendered on the server or not, as the app is started (docs/decisions/058).
    SERVER_RENDER: process.env.SERVER_RENDER ?? 'on',
  });
  const app = await buildApp({ env, backgroundJobs: false });
  await app.listen({ port, host: '127.0.0.1' });
  const { admin, staff } = await seed(app);
  return {
    baseURL,
    admin,
    staff,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** An administrator with two expenses today, and a staff member with two deposits. */
async function seed(app: KoboApp): Promise<{ admin: BenchAccount; staff: BenchAccount }> {
  const admin = { email: 'admin@kobo.bench', password: 'password1' };
  await createAccount(app.kobo.database.db, { name: 'Ngozi Admin', ...admin, role: 'admin', staffId: null });
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: admin });
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  async function call<T>(url: string, payload: object): Promise<T> {
    const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
    if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }
  const staff = { email: 'tunde@kobo.bench', password: 'password1' };
  const { staff: holder } = await call<{ staff: { userId: string } }>('/api/savings/staff', { name: 'Tunde Bello', ...staff });
  await call('/api/savings/transactions', { type: 'deposit', amount: '15000', userId: holder.userId, description: 'Opening deposit' });
  await call('/api/savings/transactions', { type: 'deposit', amount: '2500.50', userId: holder.userId, description: 'Monthly saving' });
  const { category } = await call<{ category: CategoryView }>('/api/categories', { name: 'Food', color: '#FF6B6B', icon: 'FaUtensils' });
  await call('/api/expenses', { categoryId: category.id, amount: '1200', date: lagosToday() });
  await call('/api/expenses', { categoryId: category.id, amount: '800', date: lagosToday() });
  return { admin, staff };
}
