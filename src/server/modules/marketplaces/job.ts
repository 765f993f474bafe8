import type { JobDefinition } from '../../platform/job.js';
import { MARKETPLACE_IMPORT_JOB, queueImport, runImport, type ImportDeps } from './import.js';
import { dueImports } from './repository.js';

/** One step of one connection's import (import.ts); it queues its own next step. */
export function marketplaceImportJob(deps: ImportDeps): JobDefinition<{ connection_id: number }> {
  return {
    name: MARKETPLACE_IMPORT_JOB,
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handle: (data, context) => runImport(deps, data.connection_id, context.signal),
  };
}

/**
 * Every ten minutes across all instances: the daily import of each connection a day after its
 * last one, and the steps whose wait is over or whose run's instance stopped (a safety net under
 * the queued steps, which the import's claim keeps from running twice).
 */
export function marketplaceImportsJob(deps: ImportDeps): JobDefinition {
  return {
    name: 'marketplace-imports',
    cron: '*/10 * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      for (const id of await dueImports(deps.db, deps.now())) await queueImport(deps, id);
    },
  };
}
