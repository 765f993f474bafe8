import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from './connection.js';

it('drops the job queue’s writes once the database is closed, instead of rejecting inside pg-boss', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-connection-'));
  try {
    const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
    expect((await database.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    await database.close();
    await expect(database.executeSql('SELECT 1 AS one', [])).resolves.toEqual({ rows: [] });
    await expect(database.query('SELECT 1')).rejects.toThrow();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
