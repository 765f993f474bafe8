import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API and reliability test files mostly wait: for the servers under test (other processes),
    // their job queues and polls. Four at a time overlap those waits (vitest's default on 2 cores
    // is one file at a time: 1 138 s for the whole run; four: 683 s in a fresh-clone CI run). Browser
    // tests still run one file at a time, in a group of their own after them (below).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Fuzzing, fault injection and log scanning start their own servers (and kill them):
          // one file at a time, beside the API tests (it waits on its servers as they do).
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // One browser at a time, after the API tests, keeps a 2-core machine responsive.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
