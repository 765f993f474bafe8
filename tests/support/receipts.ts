import { loadReceipt } from '../fixtures/receipts/index.js';
import type { Seller } from './api-client.js';

/** A local Moscow date-time `daysAgo` days before now, as receipts print it. */
export function moscowLocal(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 16) + ':00';
}

/** A fixture receipt re-dated to `daysAgo` days ago (so it is fresh for an action), optionally changed. */
export function freshReceipt(
  name: string,
  daysAgo = 1,
  change: (receipt: Record<string, any>) => void = () => undefined,
): Record<string, any> {
  const receipt = loadReceipt(name);
  receipt.dateTime =
    typeof receipt.dateTime === 'number' ? Math.floor((Date.now() - daysAgo * 86_400_000) / 60_000) * 60 : moscowLocal(daysAgo);
  // A unique fiscal document number: every test gets its own receipt identity.
  receipt.fiscalDocumentNumber = Math.floor(Math.random() * 1_000_000_000) + 1;
  change(receipt);
  return receipt;
}

/** Registers a receipt with the tax-service emulator; returns the QR string that finds it. */
export async function registerReceipt(
  baseUrl: string,
  receipt: Record<string, unknown>,
  behaviour?: Record<string, unknown>,
): Promise<string> {
  const response = await fetch(`${baseUrl}/__emulators/tax/receipts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour ? { receipt, behaviour } : receipt),
  });
  if (response.status !== 201) throw new Error(`tax emulator refused the receipt: ${await response.text()}`);
  return ((await response.json()) as { qrraw: string }).qrraw;
}

/** Checks a fixture receipt bought at `instant` (ms) as `buyer` through the seller's `POST /check`; answers the check's status. */
export async function checkBoughtAt(
  url: string,
  seller: Seller,
  projectId: number,
  fixture: string,
  instant: number,
  buyer: string,
): Promise<string> {
  const receipt = freshReceipt(fixture, 1, (r) => {
    r.dateTime = Math.floor(instant / 1000);
  });
  const answer = await seller.api.post('/check', {
    qrurl: await registerReceipt(url, receipt),
    user_id: seller.id,
    project_id: projectId,
    user_id_tg: buyer,
  });
  if (answer.status !== 200) throw new Error(answer.text);
  return answer.body.data.status;
}
