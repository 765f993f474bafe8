import { defineConfig } from 'vitest/config';
import { useRamDiskForTemporaryFiles } from './tests/support/temp-dir.js';

useRamDiskForTemporaryFiles();

export default defineConfig({
  test: {
    // API and reliability test files mostly wait: for their servers' job queues and polls, for the
    // processes some of them start, and in the bot's dialogs for Telegram's one message a second per
    // chat, which the emulator keeps. Six at a time overlap those waits on 2 cores (a full run used 1.1
    // cores with four; docs/benchmarks.md, "Test suite time"). Browser tests run in a group of their own after them.
    maxWorkers: 6,
    // Transformed source kept in .tmp/ between runs: a lone API file's transform went from 3.5 s to
    // 0.7–0.9 s (docs/benchmarks.md, "Developer loop"). A fresh clone, as in CI, starts without it.
    experimental: { fsModuleCache: true, fsModuleCachePath: '.tmp/vitest-modules' },
    projects: [
      {
        test: {
          name: 'unit',
          // Files share a worker's loaded modules, as the API files do: 106 files each importing their
          // modules afresh took 108 s of CPU, sharing them 73 s (docs/benchmarks.md, "Test suite time").
          isolate: false,
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // An empty PGlite cluster to copy: tests that need a database skip initdb (tests/support/blank-pglite.ts).
          globalSetup: ['tests/support/global-setup-unit.ts'],
          // In the full run these files share the 2 cores with the API files' servers: a set-up that
          // opens a copy of the blank cluster took over 10 s there (vitest's default) and under 1 s alone.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Each file gets the app in its own process, from source (tests/support/in-process-setup.ts):
          // no build, and any file runs alone. Files share a worker's loaded modules (not isolated): the
          // server's source is loaded once per worker instead of once per file (≈ 2 s of CPU each);
          // each file still starts apps and databases of its own.
          name: 'api',
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/in-process-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Fuzzing, fault injection and log scanning start their own servers, databases and clusters
          // (and kill them), so they run among the API files. One file at a time, vitest ran them
          // last, alone, after the browser tests (docs/benchmarks.md, "Test suite time").
          name: 'reliability',
          isolate: false,
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/in-process-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // The built server and web app (rebuilt first when stale: tests/support/global-setup-e2e.ts).
          name: 'e2e',
          // Files share a worker's loaded modules (Playwright, axe, the helpers): ≈ 1 s of CPU per file.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup-e2e.ts'],
          // After the API tests, three browser files at a time: a file mostly waits on its page and the
          // shared server, so they overlap on 2 cores (docs/benchmarks.md, "Test suite time": the browser
          // phase had grown to 1 123 s summed, ≈ 9 minutes two at a time). A file that changes what every
          // page shows (operator-details) starts a server of its own.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll ends as soon as its page shows the state; its bound is how long a click's round
          // trip may take with three browsers and the API files on 2 cores. Vitest's 1 s failed a
          // statement's charges loaded on demand beside the whole suite, where Playwright's own
          // waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
