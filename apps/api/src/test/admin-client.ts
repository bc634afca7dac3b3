import { Client } from 'pg';

/** One short connection to the test server's maintenance database, for CREATE and DROP DATABASE. */
export async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
