import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, createSeller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { npmStartEnv, sourceEntryArgs, startServer } from '../support/server-process.js';

describe('start-up', () => {
  it('stops with every configuration problem listed', async () => {
    const result = spawnSync(process.execPath, await sourceEntryArgs('server'), {
      env: { PATH: process.env.PATH, PORT: '70000', SCANAPP_MODE: 'staging', PUBLIC_URL: 'not a url' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).toMatch(/SCANAPP_MODE/);
    expect(result.stderr).toMatch(/PUBLIC_URL/);
  });

  // Each starts server processes of its own (from source), a few seconds each on a busy machine.
  // The first start here is a real first start: PGlite's initdb and every migration from nothing
  // (no template copied), which beside the whole suite took 117 s and once over 120.
  it('keeps data across a restart on the embedded database', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-restart-'));
    try {
      const first = await startServer({}, { keepDataDir: dataDir, fromNothing: true });
      // Started with what `npm start` sets before node (glibc's arenas): a start script that no longer
      // starts the server fails here, and one whose variables are misread, too.
      expect(npmStartEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
      expect(readFileSync(`/proc/${first.process.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      const seller = await createSeller(first.url);
      await first.stop();
      const second = await startServer({}, { keepDataDir: dataDir });
      try {
        const login = await new ApiClient(second.url).post('/login', { email: seller.email, password: seller.password });
        expect(login.status).toBe(200);
        expect(login.body.user.id).toBe(seller.id);
        // The old session survived too.
        expect((await new ApiClient(second.url, undefined, seller.api.token).get('/profile')).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const postgres = backends().find((b) => b.name === 'postgres');
  it.runIf(postgres)(
    'keeps data across a restart on PostgreSQL, and two instances migrate the same database safely',
    { timeout: 120_000 },
    async () => {
      const url = createDatabase(postgres!.clusterUrl!, 'scanapp_restart');
      const [a, b] = await Promise.all([startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })]);
      const seller = await createSeller(a.url);
      // A session created on one instance is valid on the other (stateless instances).
      expect((await new ApiClient(b.url, undefined, seller.api.token).get('/profile')).status).toBe(200);
      await Promise.all([a.stop(), b.stop()]);
      const c = await startServer({ DATABASE_URL: url });
      try {
        expect((await new ApiClient(c.url).post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
      } finally {
        await c.stop();
      }
    },
  );
});
