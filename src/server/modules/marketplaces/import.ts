import { fillMessage } from '../../../contract/messages.js';
import { marketplacesMessages as m } from '../../../contract/messages/marketplaces.js';
import { MARKETPLACE_NAMES } from '../../../contract/marketplaces.js';
import type { Db } from '../../db/connection.js';
import type { MarketplaceConnectionRow } from '../../db/schema.js';
import { MarketplaceApiError } from '../../integrations/marketplace-api.js';
import { OZON_PAGE_LIMIT, type OzonClient, type OzonScheme } from '../../integrations/ozon/client.js';
import type { WildberriesClient } from '../../integrations/wildberries/client.js';
import type { JobQueue } from '../../platform/job.js';
import type { ModuleLog } from '../../platform/manifest.js';
import { claimImport, storePage, updateImportState } from './repository.js';
import { isCancelledPosting, ozonSales, wildberriesSale, wildberriesTime, wildberriesTimeText } from './sale-rows.js';

export const MARKETPLACE_IMPORT_JOB = 'marketplace-import';

export interface MarketplaceClients {
  wildberries: WildberriesClient;
  ozon: OzonClient;
}

export interface ImportDeps {
  db: Db;
  /** The product's clock: waits the seller sees and the marketplaces' days. */
  now: () => Date;
  /** Real time, for the job queue's start. */
  realNow: () => Date;
  clients: MarketplaceClients;
  queue: JobQueue;
  log: Pick<ModuleLog, 'warn' | 'error'>;
}

/** The import's place, kept on the connection (`import_cursor`). */
interface Cursor {
  /** Wildberries: the `dateFrom` of the next sales call, as Wildberries wrote it. */
  date_from?: string;
  /** Ozon: the list being read, the pass's window of `in_process_at` (ISO times) and the offset of its next page. */
  scheme?: OzonScheme;
  since?: string;
  to?: string;
  offset?: number;
  /** Failed calls in a row: the backoff grows with them, and refused credentials give up at the third. */
  failures?: number;
}

/** A run longer than this is taken to be dead (its instance stopped), and the next job takes it over. */
const LEASE_MS = 10 * 60_000;
/** How far back the first import reads. */
const FIRST_IMPORT_DAYS = 90;
/** Wildberries allows one sales call a minute per seller. */
const WILDBERRIES_INTERVAL_MS = 60_000;
/** Each Ozon pass reads again the days before the last one's end: a posting cancelled since is taken out. */
const OZON_REREAD_DAYS = 30;
const CREDENTIAL_REFUSALS_TO_GIVE_UP = 3;
const MAX_BACKOFF_MS = 6 * 3_600_000;

/**
 * One step of a connection's import, run by its job: takes the import (a second job for the same
 * connection finds it taken), reads one page, stores its rows with the cursor after them, and
 * either ends (nothing new) or queues itself again for when the marketplace allows the next call.
 * A failure never loses the cursor: a rate limit waits as told, a temporary failure backs off,
 * refused credentials give up at the third refusal in a row, an unreadable answer stops.
 */
export async function runImport(deps: ImportDeps, connectionId: number, signal?: AbortSignal): Promise<void> {
  const now = deps.now();
  const connection = await claimImport(deps.db, connectionId, now, new Date(now.getTime() + LEASE_MS));
  if (!connection) return;
  const cursor = connection.importCursor as Cursor;
  let nextAt: Date | undefined;
  try {
    nextAt =
      connection.kind === 'wildberries'
        ? await importWildberriesPage(deps, connection, cursor, now)
        : await importOzonPass(deps, connection, cursor, now, signal);
  } catch (error) {
    nextAt = await recordFailure(deps, connection, cursor, error, now);
  }
  if (nextAt) await queueImport(deps, connectionId, nextAt);
}

/** Queues the connection's next step for `at` (product time), converted to the queue's real time. */
export async function queueImport(deps: Pick<ImportDeps, 'queue' | 'now' | 'realNow'>, connectionId: number, at?: Date): Promise<void> {
  const delay = at ? Math.max(0, at.getTime() - deps.now().getTime()) : 0;
  await deps.queue.send(
    MARKETPLACE_IMPORT_JOB,
    { connection_id: connectionId },
    delay > 0 ? { startAfter: new Date(deps.realNow().getTime() + delay) } : {},
  );
}

async function importWildberriesPage(
  deps: ImportDeps,
  connection: MarketplaceConnectionRow,
  cursor: Cursor,
  now: Date,
): Promise<Date | undefined> {
  const dateFrom = cursor.date_from ?? wildberriesTimeText(new Date(now.getTime() - FIRST_IMPORT_DAYS * 86_400_000));
  const page = await deps.clients.wildberries.sales(connection.secret, dateFrom);
  const rows = page.map(wildberriesSale);
  const last = page.at(-1);
  // The answer starts at `dateFrom` inclusive: a page whose newest change is not later brought nothing new, and the import is complete.
  if (!last || wildberriesTime(last.lastChangeDate) <= wildberriesTime(dateFrom)) {
    await storePage(deps.db, connection, rows, {
      importStatus: 'idle',
      importCursor: { date_from: dateFrom },
      importNotBefore: null,
      importedUntil: now,
      importError: null,
      lastImportAt: now,
    });
    return undefined;
  }
  const nextAt = new Date(now.getTime() + WILDBERRIES_INTERVAL_MS);
  await storePage(deps.db, connection, rows, {
    importStatus: 'waiting',
    importCursor: { date_from: last.lastChangeDate },
    importNotBefore: nextAt,
    importError: null,
  });
  return nextAt;
}

/**
 * An Ozon pass: the FBO list, then the FBS list, page by page within one window of
 * `in_process_at`, each page stored with the cursor after it. Ozon allows many calls a second, so a
 * pass runs to its end in one step, unless the instance stops (it then waits for the next job).
 */
async function importOzonPass(
  deps: ImportDeps,
  connection: MarketplaceConnectionRow,
  cursor: Cursor,
  now: Date,
  signal: AbortSignal | undefined,
): Promise<Date | undefined> {
  const credentials = { clientId: connection.clientId!, apiKey: connection.secret };
  let place = {
    scheme: cursor.scheme ?? ('fbo' as OzonScheme),
    since: cursor.since ?? new Date(now.getTime() - FIRST_IMPORT_DAYS * 86_400_000).toISOString(),
    to: cursor.to ?? now.toISOString(),
    offset: cursor.offset ?? 0,
  };
  for (;;) {
    if (signal?.aborted) {
      await updateImportState(deps.db, connection.id, { importStatus: 'waiting', importNotBefore: deps.now() });
      return deps.now();
    }
    const page = await deps.clients.ozon.postings(credentials, place.scheme, {
      since: new Date(place.since),
      to: new Date(place.to),
      offset: place.offset,
      limit: OZON_PAGE_LIMIT,
    });
    const rows = page.postings.filter((posting) => !isCancelledPosting(posting)).flatMap(ozonSales);
    const cancelled = page.postings.filter(isCancelledPosting).map((posting) => posting.posting_number);
    if (page.hasNext || place.scheme === 'fbo') {
      place = page.hasNext ? { ...place, offset: place.offset + page.postings.length } : { ...place, scheme: 'fbs', offset: 0 };
      const lease = new Date(deps.now().getTime() + LEASE_MS);
      await storePage(deps.db, connection, rows, { importCursor: place, importNotBefore: lease, importError: null }, cancelled);
      continue;
    }
    const end = new Date(place.to);
    await storePage(
      deps.db,
      connection,
      rows,
      {
        importStatus: 'idle',
        importCursor: { since: new Date(end.getTime() - OZON_REREAD_DAYS * 86_400_000).toISOString() },
        importNotBefore: null,
        importedUntil: end,
        importError: null,
        lastImportAt: now,
      },
      cancelled,
    );
    return undefined;
  }
}

async function recordFailure(
  deps: ImportDeps,
  connection: MarketplaceConnectionRow,
  cursor: Cursor,
  error: unknown,
  now: Date,
): Promise<Date | undefined> {
  const marketplace = MARKETPLACE_NAMES[connection.kind];
  const failure = error instanceof MarketplaceApiError ? error.failure : undefined;
  if (failure?.kind === 'rate_limited') {
    const nextAt = new Date(now.getTime() + failure.retryAfterSeconds * 1000);
    await updateImportState(deps.db, connection.id, { importStatus: 'waiting', importNotBefore: nextAt });
    return nextAt;
  }
  const failures = (cursor.failures ?? 0) + 1;
  const refused = failure?.kind === 'credentials_refused' || failure?.kind === 'no_access';
  if (failure?.kind === 'malformed' || (refused && failures >= CREDENTIAL_REFUSALS_TO_GIVE_UP)) {
    deps.log.warn({ connectionId: connection.id, failure }, 'a marketplace import stopped');
    await updateImportState(deps.db, connection.id, {
      importStatus: 'failed',
      importNotBefore: null,
      importCursor: { ...cursor, failures: 0 },
      importError: fillMessage(refused ? m.importCredentialsRevoked : m.importMalformed, { marketplace }),
      lastImportAt: now,
    });
    return undefined;
  }
  if (!failure) deps.log.error({ err: error, connectionId: connection.id }, 'a marketplace import step failed');
  const nextAt = new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, WILDBERRIES_INTERVAL_MS * 2 ** (failures - 1)));
  await updateImportState(deps.db, connection.id, {
    importStatus: 'waiting',
    importNotBefore: nextAt,
    importCursor: { ...cursor, failures },
    importError: fillMessage(refused ? m.importCredentialsRevoked : m.importTemporary, { marketplace }),
  });
  return nextAt;
}
