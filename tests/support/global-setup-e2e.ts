import type { TestProject } from 'vitest/node';
import './backends.js';
import { ensureBuilt } from './build.js';
import { ROOT, startServer } from './server-process.js';
import path from 'node:path';

/**
 * Browser tests run against the built server and web app, exactly what `npm start` serves;
 * either half is rebuilt first when its sources changed since it was built.
 */
export default async function setup(project: TestProject) {
  await ensureBuilt(['web', 'server']);
  const server = await startServer({}, { entry: path.join(ROOT, 'dist/server/main.js') });
  project.provide('backends', [{ name: 'pglite', url: server.url, dataDir: server.dataDir }]);
  return () => server.stop();
}
