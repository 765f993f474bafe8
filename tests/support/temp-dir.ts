import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';

const RAM_DISK = '/dev/shm';
const PREFIX = 'scanapp-tests-';
/** Room a full run needs at its peak: six workers' data folders, the servers tests start, the PostgreSQL cluster. */
const NEEDED_BYTES = 4 * 1024 ** 3;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The test run's temporary folder (TMPDIR, so every worker, server process, PostgreSQL cluster and
 * browser the run starts inherits it): a folder of its own on the RAM disk when the machine has
 * one with room, else the system's. Each data folder begins as a copy of a 44 MB migrated template;
 * on the disk a copy and its removal took 0.4–0.7 s of CPU, on the RAM disk 0.09 s, and nothing
 * is written back to the disk afterwards (docs/benchmarks.md, "Test suite time"). A TMPDIR set by
 * the caller stands. The folder goes when the run's process exits; a folder left by a run that was
 * killed goes at the next run.
 */
export function useRamDiskForTemporaryFiles(env: NodeJS.ProcessEnv = process.env, ramDisk = RAM_DISK, neededBytes = NEEDED_BYTES): void {
  if (env.TMPDIR) return;
  let free: number;
  try {
    const stats = statfsSync(ramDisk);
    free = stats.bavail * stats.bsize;
  } catch {
    return;
  }
  if (free < neededBytes) return;
  for (const name of readdirSync(ramDisk)) {
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (name.startsWith(PREFIX) && pid && !isRunning(pid)) rmSync(path.join(ramDisk, name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(ramDisk, `${PREFIX}${process.pid}-`));
  // As /tmp: anyone may write (the PostgreSQL cluster runs as postgres when the tests run as root).
  chmodSync(dir, 0o1777);
  env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
