import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useRamDiskForTemporaryFiles } from '../support/temp-dir.js';

/** A process id that is surely gone: a child that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('the test run’s temporary folder', () => {
  let ramDisk: string;
  afterEach(() => rmSync(ramDisk, { recursive: true, force: true }));
  const fresh = () => (ramDisk = mkdtempSync(path.join(os.tmpdir(), 'ram-disk-')));

  it('is a new folder on the RAM disk, writable by anyone, named by this process', () => {
    fresh();
    const env: NodeJS.ProcessEnv = {};
    useRamDiskForTemporaryFiles(env, ramDisk, 1);
    expect(env.TMPDIR).toBeDefined();
    expect(path.dirname(env.TMPDIR!)).toBe(ramDisk);
    expect(path.basename(env.TMPDIR!)).toMatch(new RegExp(`^scanapp-tests-${process.pid}-`));
    expect(statSync(env.TMPDIR!).mode & 0o7777).toBe(0o1777);
  });

  it('removes the folders of runs that are gone and keeps those of runs still going', () => {
    fresh();
    const gone = path.join(ramDisk, `scanapp-tests-${deadPid()}-abc`);
    const running = path.join(ramDisk, `scanapp-tests-${process.pid}-def`);
    const other = path.join(ramDisk, 'someone-else');
    for (const dir of [gone, running, other]) mkdirSync(dir);
    useRamDiskForTemporaryFiles({}, ramDisk, 1);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it('leaves TMPDIR alone when the caller set it, when the RAM disk has too little room, or when there is none', () => {
    fresh();
    const chosen: NodeJS.ProcessEnv = { TMPDIR: '/somewhere/else' };
    useRamDiskForTemporaryFiles(chosen, ramDisk, 1);
    expect(chosen.TMPDIR).toBe('/somewhere/else');

    const small: NodeJS.ProcessEnv = {};
    useRamDiskForTemporaryFiles(small, ramDisk, Number.MAX_SAFE_INTEGER);
    expect(small.TMPDIR).toBeUndefined();

    const none: NodeJS.ProcessEnv = {};
    useRamDiskForTemporaryFiles(none, path.join(ramDisk, 'missing'), 1);
    expect(none.TMPDIR).toBeUndefined();
    expect(readdirSync(ramDisk)).toEqual([]);
  });
});
