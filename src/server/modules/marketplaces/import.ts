import { fillMessage } from '../../../contract/messages.js';
import { marketplacesMessages as m } from '../../../contract/messages/marketplaces.js';
import { MARKETPLACE_NAMES } from '../../../contract/marketplaces.js';
import type { Db } from '../../db/connection.js';
import type { MarketplaceConnectionRow } from '../../db/schema.js';
import { MarketplaceApiError } from '../../integrations/marketplace-api.js';
import { OZON_PAGE_LIMIT, OZON_RETURNS_PAGE_LIMIT, type OzonClient, type OzonScheme } from '../../integrations/ozon/client.js';
import type { WildberriesClient } from '../../integrations/wildberries/client.js';
import type { JobQueue } from '../../platform/job.js';
import type { ModuleLog } from '../../platform/manifest.js';
import { claimImport, storePage, updateImportState } from './repository.js';
import {
  isCancelledPosting,
  ozonReturn,
  ozonSales,
  wildberriesOrder,
  wildberriesSale,
  wildberriesTime,
  wildberriesTimeText,
  type SaleRow,
} from './sale-rows.js';

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
  /**
   * Wildberries: the `dateFrom` of the next sales call and of the next orders call, as Wildberries
   * wrote them, and which report has brought nothing new in this run.
   */
  date_from?: string;
  orders_from?: string;
  sales_done?: boolean;
  orders_done?: boolean;
  /**
   * Ozon: the list being read (the postings' FBO, then FBS, then the returns), the pass's window
   * (ISO times: `in_process_at` for postings, a status change for returns), the offset of the next
   * postings page and the last return read.
   */
  scheme?: OzonList;
  since?: string;
  to?: string;
  offset?: number;
  last_id?: number;
  /** Failed calls in a row: the backoff grows with them, and refused credentials give up at the third. */
  failures?: number;
}

type OzonList = OzonScheme | 'returns';

/** The cursor as the step left it last: a failure keeps what the step's stored pages moved it to. */
interface Progress {
  cursor: Cursor;
}

/** A run longer than this is taken to be dead (its instance stopped), and the next job takes it over. */
const LEASE_MS = 10 * 60_000;
/** How far back the first import reads. */
const FIRST_IMPORT_DAYS = 90;
/** Wildberries allows one call a minute per seller to each report (sales, orders). */
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
  const progress: Progress = { cursor: connection.importCursor as Cursor };
  let nextAt: Date | undefined;
  try {
    nextAt =
      connection.kind === 'wildberries'
        ? await importWildberriesStep(deps, connection, progress, now)
        : await importOzonPass(deps, connection, progress, now, signal);
  } catch (error) {
    nextAt = await recordFailure(deps, connection, progress.cursor, error, now);
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

/**
 * A Wildberries step: a page of each report not complete in this run, sales then orders (each
 * report allows its own call a minute), each stored with the cursor after it. A report is complete
 * when a page's newest change is not later than its `dateFrom`: the answer starts at `dateFrom`
 * inclusive, so such a page brought nothing new. The run ends when both are complete; otherwise
 * the next step waits the minute the reports allow.
 */
async function importWildberriesStep(
  deps: ImportDeps,
  connection: MarketplaceConnectionRow,
  progress: Progress,
  now: Date,
): Promise<Date | undefined> {
  const start = wildberriesTimeText(new Date(now.getTime() - FIRST_IMPORT_DAYS * 86_400_000));
  const { cursor } = progress;
  const place: Cursor = {
    date_from: cursor.date_from ?? start,
    orders_from: cursor.orders_from ?? start,
    sales_done: cursor.sales_done ?? false,
    orders_done: cursor.orders_done ?? false,
  };
  const newer = (changes: { lastChangeDate: string }[], from: string) => {
    const last = changes.at(-1);
    return last && wildberriesTime(last.lastChangeDate) > wildberriesTime(from) ? last.lastChangeDate : undefined;
  };
  if (!place.sales_done) {
    const page = await deps.clients.wildberries.sales(connection.secret, place.date_from!);
    const next = newer(page, place.date_from!);
    Object.assign(place, next ? { date_from: next } : { sales_done: true });
    await storePage(deps.db, connection, { sales: page.map(wildberriesSale) }, { importCursor: { ...place }, importError: null });
    progress.cursor = { ...place };
  }
  if (!place.orders_done) {
    const page = await deps.clients.wildberries.orders(connection.secret, place.orders_from!);
    const next = newer(page, place.orders_from!);
    Object.assign(place, next ? { orders_from: next } : { orders_done: true });
    await storePage(deps.db, connection, { orders: page.map(wildberriesOrder) }, { importCursor: { ...place }, importError: null });
    progress.cursor = { ...place };
  }
  if (place.sales_done && place.orders_done) {
    await updateImportState(deps.db, connection.id, {
      importStatus: 'idle',
      importCursor: { date_from: place.date_from, orders_from: place.orders_from },
      importNotBefore: null,
      importedUntil: now,
      importError: null,
      lastImportAt: now,
    });
    return undefined;
  }
  const nextAt = new Date(now.getTime() + WILDBERRIES_INTERVAL_MS);
  await updateImportState(deps.db, connection.id, { importStatus: 'waiting', importNotBefore: nextAt });
  return nextAt;
}

/**
 * An Ozon pass: the FBO list, then the FBS list, page by page within one window of
 * `in_process_at`, then the returns whose status changed within the same window, each page stored
 * with the cursor after it. Ozon allows many calls a second, so a pass runs to its end in one step,
 * unless the instance stops (it then waits for the next job).
 */
async function importOzonPass(
  deps: ImportDeps,
  connection: MarketplaceConnectionRow,
  progress: Progress,
  now: Date,
  signal: AbortSignal | undefined,
): Promise<Date | undefined> {
  const credentials = { clientId: connection.clientId!, apiKey: connection.secret };
  const { cursor } = progress;
  let place: Cursor = {
    scheme: cursor.scheme ?? 'fbo',
    since: cursor.since ?? new Date(now.getTime() - FIRST_IMPORT_DAYS * 86_400_000).toISOString(),
    to: cursor.to ?? now.toISOString(),
    offset: cursor.offset ?? 0,
    last_id: cursor.last_id ?? 0,
  };
  const window = { since: new Date(place.since!), to: new Date(place.to!) };
  for (;;) {
    if (signal?.aborted) {
      await updateImportState(deps.db, connection.id, { importStatus: 'waiting', importNotBefore: deps.now() });
      return deps.now();
    }
    let rows: SaleRow[];
    let cancelled: string[] = [];
    let next: Cursor | undefined;
    if (place.scheme === 'returns') {
      const page = await deps.clients.ozon.returns(credentials, { ...window, lastId: place.last_id!, limit: OZON_RETURNS_PAGE_LIMIT });
      rows = page.returns.flatMap((entry) => ozonReturn(entry) ?? []);
      const last = page.returns.at(-1);
      if (page.hasNext && last) next = { ...place, last_id: Number(last.id) };
    } else {
      const page = await deps.clients.ozon.postings(credentials, place.scheme!, {
        ...window,
        offset: place.offset!,
        limit: OZON_PAGE_LIMIT,
      });
      rows = page.postings.filter((posting) => !isCancelledPosting(posting)).flatMap(ozonSales);
      cancelled = page.postings.filter(isCancelledPosting).map((posting) => posting.posting_number);
      next = page.hasNext
        ? { ...place, offset: place.offset! + page.postings.length }
        : { ...place, scheme: place.scheme === 'fbo' ? 'fbs' : 'returns', offset: 0 };
    }
    if (next) {
      place = next;
      const lease = new Date(deps.now().getTime() + LEASE_MS);
      await storePage(
        deps.db,
        connection,
        { sales: rows, cancelledPostings: cancelled },
        { importCursor: { ...place }, importNotBefore: lease, importError: null },
      );
      progress.cursor = place;
      continue;
    }
    await storePage(
      deps.db,
      connection,
      { sales: rows, cancelledPostings: cancelled },
      {
        importStatus: 'idle',
        importCursor: { since: new Date(window.to.getTime() - OZON_REREAD_DAYS * 86_400_000).toISOString() },
        importNotBefore: null,
        importedUntil: window.to,
        importError: null,
        lastImportAt: now,
      },
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
    // The run ends here: the next one reads both Wildberries reports again from where they got to.
    const { sales_done: _salesDone, orders_done: _ordersDone, ...place } = cursor;
    await updateImportState(deps.db, connection.id, {
      importStatus: 'failed',
      importNotBefore: null,
      importCursor: { ...place, failures: 0 },
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
