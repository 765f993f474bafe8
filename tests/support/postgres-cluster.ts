import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portBelowEphemeralRange } from './free-port.js';

/**
 * A throw-away PostgreSQL cluster on a free loopback port, for API tests and benchmarks.
 * Uses Debian's server binaries (`apt-get install postgresql`); as root, runs them as `postgres`.
 */
export interface PostgresCluster {
  url: string;
  stop(): void;
  /** Stops the server (open connections are cut) and starts it again on the same port, for fault tests. */
  shutDown(): void;
  startUp(): void;
}

export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const port = await portBelowEphemeralRange();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const startUp = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  startUp();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    startUp,
    stop() {
      try {
        // A test that shut the cluster down and failed before starting it again: nothing to stop, and
        // pg_ctl's refusal would hide that test's own error.
        if (existsSync(path.join(dataDir, 'postmaster.pid'))) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new database in the cluster: empty, or a copy of `template` (a database nobody is connected to). */
export function createDatabase(clusterUrl: string, name: string, template?: string): string {
  execFileSync('psql', [
    clusterUrl,
    '-v',
    'ON_ERROR_STOP=1',
    '-qc',
    `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`,
  ]);
  return clusterUrl.replace(/\/[^/]+$/, `/${name}`);
}
