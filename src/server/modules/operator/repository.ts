import { eq } from 'drizzle-orm';
import type { OperatorSettingKey } from '../../../contract/operator.js';
import type { Executor } from '../../db/connection.js';
import { operatorSettings } from '../../db/schema.js';

/** The details the operator has set, by key (unset ones have no row). */
export async function readOperatorSettings(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ key: operatorSettings.key, value: operatorSettings.value }).from(operatorSettings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeOperatorSetting(db: Executor, key: OperatorSettingKey, value: string, now: Date): Promise<void> {
  await db
    .insert(operatorSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: operatorSettings.key, set: { value, updatedAt: now } });
}

export async function deleteOperatorSetting(db: Executor, key: OperatorSettingKey): Promise<void> {
  await db.delete(operatorSettings).where(eq(operatorSettings.key, key));
}
