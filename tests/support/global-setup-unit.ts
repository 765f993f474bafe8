import type { TestProject } from 'vitest/node';
import { makeBlankPglite } from './blank-pglite.js';

/** Unit tests: an empty PGlite cluster to copy instead of running initdb in each test (blank-pglite.ts). */
export default async function setup(project: TestProject) {
  project.provide('blankPglite', await makeBlankPglite());
}
