import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { blankPgliteDirectory } from '../../../tests/support/blank-pglite.js';
import { openDatabase } from './connection.js';

it('never runs the job queue’s writes once the database is closed, and never rejects them inside pg-boss', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-connection-'));
  try {
    blankPgliteDirectory(path.join(dataDir, 'db'));
    const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
    expect((await database.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    await database.close();
    const late = database.executeSql('SELECT 1 AS one', []);
    const settled = await Promise.race([
      late.then(
        () => 'settled',
        () => 'settled',
      ),
      Promise.resolve().then(() => 'pending'),
    ]);
    expect(settled).toBe('pending');
    await expect(database.query('SELECT 1')).rejects.toThrow();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
