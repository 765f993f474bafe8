import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createSeller, type Seller } from './api-client.js';
import { sourceEntryArgs, TEST_ADMIN_TOKEN } from './server-process.js';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the operator CLI (`npm run admin -- …`) from source against a server. */
/**
 * For a test that starts the CLI four times or more: each start is a Node process (0.4 s of CPU),
 * and at a load of 15 on 2 cores such a test ran out of the API tests' 30 s.
 */
export const CLI_CALLS_TIMEOUT_MS = 90_000;

export async function runAdminCli(
  baseUrl: string,
  args: string[],
  env: Record<string, string> = { ADMIN_TOKEN: TEST_ADMIN_TOKEN },
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...(await sourceEntryArgs('cli')), ...args, '--url', baseUrl], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export async function creditViaCli(baseUrl: string, email: string, rubles: number, extra: string[] = []): Promise<CliResult> {
  const result = await runAdminCli(baseUrl, ['user:credit', email, String(rubles), ...extra]);
  if (result.code !== 0) throw new Error(`credit failed: ${result.stderr}`);
  return result;
}

/**
 * The operator's credit as the CLI sends it (`user:credit`: POST /admin/credit), without starting the
 * CLI's process: a fixture that funds a hundred sellers per run should not pay a Node start each time
 * (tests of the CLI itself use `runAdminCli`/`creditViaCli`).
 */
async function creditDirectly(baseUrl: string, email: string, rubles: number): Promise<void> {
  const response = await fetch(`${baseUrl}/lk/api/admin/credit`, {
    method: 'POST',
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, rubles: String(rubles), reference: `test-${randomUUID()}` }),
  });
  if (!response.ok) throw new Error(`credit failed: ${response.status} ${await response.text()}`);
}

/** A seller with money on the balance and, by default, an activated account (activation price 20 000 ₽ is added on top). */
export async function createFundedSeller(baseUrl: string, rubles: number, options: { activated?: boolean } = {}): Promise<Seller> {
  const seller = await createSeller(baseUrl);
  const activated = options.activated ?? true;
  const activationPrice = activated
    ? ((await seller.api.get('/billing/settings?setting_key=account_activation_price')).body.value as number)
    : 0;
  if (rubles + activationPrice > 0) await creditDirectly(baseUrl, seller.email, rubles + activationPrice);
  if (activated) {
    const answer = await seller.api.post('/activate', { user_id: seller.id });
    if (answer.status !== 200) throw new Error(`activation failed: ${answer.text}`);
  }
  return seller;
}

export interface VerifyReport {
  checks: string[];
  violations: { check: string; detail: string }[];
}

async function adminGet<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/lk/api/admin${path}`, { headers: { 'x-admin-token': TEST_ADMIN_TOKEN } });
  if (!response.ok) throw new Error(`admin ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The data invariants (`npm run admin -- verify`), as the running server sees them. */
export function verifyData(baseUrl: string): Promise<VerifyReport> {
  return adminGet<VerifyReport>(baseUrl, '/verify');
}

/** A digest per table: equal before and after means the requests in between wrote nothing. */
export async function dataFingerprint(baseUrl: string): Promise<Record<string, string>> {
  return (await adminGet<{ tables: Record<string, string> }>(baseUrl, '/fingerprint')).tables;
}
