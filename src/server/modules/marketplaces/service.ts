import { fillMessage, messages } from '../../../contract/messages.js';
import { marketplacesMessages as m } from '../../../contract/messages/marketplaces.js';
import { MARKETPLACE_NAMES, type ConnectMarketplaceRequest, type MarketplaceConnection } from '../../../contract/marketplaces.js';
import type { Executor } from '../../db/connection.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { MarketplaceApiError } from '../../integrations/marketplace-api.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { queueImport, type ImportDeps } from './import.js';
import {
  deleteConnection,
  findConnection,
  hasConnectionOfKind,
  insertConnection,
  listConnections,
  markQueued,
  type ConnectionWithCount,
} from './repository.js';

export type MarketplaceDeps = Pick<ImportDeps, 'db' | 'now' | 'realNow' | 'clients' | 'queue'>;

/** What leaves the server: never the key, only its last four characters. */
function present(connection: ConnectionWithCount): MarketplaceConnection {
  const iso = (time: Date | null) => time?.toISOString() ?? null;
  return {
    id: connection.id,
    kind: connection.kind,
    secret_hint: connection.secretHint,
    created_at: connection.createdAt.toISOString(),
    import_status: connection.importStatus,
    imported_until: iso(connection.importedUntil),
    import_error: connection.importError,
    import_not_before: connection.importStatus === 'waiting' ? iso(connection.importNotBefore) : null,
    last_import_at: iso(connection.lastImportAt),
    rows_stored: connection.rowsStored,
  };
}

export async function listMarketplaces(deps: MarketplaceDeps, sellerId: number): Promise<{ marketplaces: MarketplaceConnection[] }> {
  return { marketplaces: (await listConnections(deps.db, sellerId)).map(present) };
}

/**
 * Connects an account after one cheap call with the key (Wildberries' `/ping` of the statistics
 * host, Ozon's FBO list for one posting), refused in Russian when the marketplace refuses it; then queues the first import. A
 * seller has one connection per marketplace: another key is a remove and a new connection, so
 * rows of two accounts never mix under one.
 */
export async function connectMarketplace(
  deps: MarketplaceDeps,
  sellerId: number,
  request: ConnectMarketplaceRequest,
  actor: AuditActor,
): Promise<MarketplaceConnection> {
  const marketplace = MARKETPLACE_NAMES[request.kind];
  if (await hasConnectionOfKind(deps.db, sellerId, request.kind))
    throw new AppError('conflict', fillMessage(m.alreadyConnected, { marketplace }));
  const secret = request.kind === 'wildberries' ? request.token : request.api_key;
  await checkCredentials(deps, request);
  let connection;
  try {
    connection = await deps.db.transaction(async (tx: Executor) => {
      const inserted = await insertConnection(tx, {
        userId: sellerId,
        kind: request.kind,
        secret,
        clientId: request.kind === 'ozon' ? request.client_id : null,
        secretHint: secret.slice(-4),
        now: deps.now(),
      });
      // The token or key itself never: its last four characters, as the cabinet shows them.
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'marketplace.connect',
        subject: fillMessage(messages.audit.subjectMarketplace, { name: marketplace }),
        before: null,
        after: { kind: request.kind, secretHint: inserted.secretHint },
      });
      return inserted;
    });
  } catch (error) {
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('conflict', fillMessage(m.alreadyConnected, { marketplace }));
    throw error;
  }
  await queueImport(deps, connection.id);
  return present({ ...connection, rowsStored: 0 });
}

async function checkCredentials(deps: MarketplaceDeps, request: ConnectMarketplaceRequest): Promise<void> {
  const marketplace = MARKETPLACE_NAMES[request.kind];
  try {
    if (request.kind === 'wildberries') await deps.clients.wildberries.ping(request.token);
    else {
      // The cheapest call Ozon has for a key: one posting of the last day.
      const now = deps.now();
      const credentials = { clientId: request.client_id, apiKey: request.api_key };
      await deps.clients.ozon.postings(credentials, 'fbo', { since: new Date(now.getTime() - 86_400_000), to: now, offset: 0, limit: 1 });
    }
  } catch (error) {
    if (!(error instanceof MarketplaceApiError)) throw error;
    const { failure } = error;
    if (failure.kind === 'credentials_refused')
      throw new AppError('bad_request', request.kind === 'wildberries' ? m.wildberriesTokenRefused : m.ozonKeyRefused);
    if (failure.kind === 'no_access')
      throw new AppError('bad_request', request.kind === 'wildberries' ? m.wildberriesNoStatistics : m.ozonNoAccess);
    if (failure.kind === 'rate_limited')
      throw new AppError('too_many_requests', fillMessage(m.checkRateLimited, { marketplace }), {
        'retry-after': String(failure.retryAfterSeconds),
      });
    throw new AppError('unavailable', fillMessage(m.checkUnavailable, { marketplace }));
  }
}

export async function removeMarketplace(
  deps: MarketplaceDeps,
  sellerId: number,
  id: number,
  actor: AuditActor,
): Promise<{ message: string }> {
  const connection = await findConnection(deps.db, sellerId, id);
  if (!connection) throw new AppError('not_found', m.notFound);
  const removed = await deps.db.transaction(async (tx: Executor) => {
    if (!(await deleteConnection(tx, sellerId, id))) return false;
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'marketplace.delete',
      subject: fillMessage(messages.audit.subjectMarketplace, { name: MARKETPLACE_NAMES[connection.kind] }),
      before: { kind: connection.kind, secretHint: connection.secretHint },
      after: null,
    });
    return true;
  });
  if (!removed) throw new AppError('not_found', m.notFound);
  return { message: m.removed };
}

/** «Обновить сейчас»: queues an import unless one is queued, running or waiting for the marketplace's limit already. */
export async function requestImport(deps: MarketplaceDeps, sellerId: number, id: number): Promise<MarketplaceConnection> {
  const connection = await findConnection(deps.db, sellerId, id);
  if (!connection) throw new AppError('not_found', m.notFound);
  if (await markQueued(deps.db, id)) await queueImport(deps, id);
  return present((await findConnection(deps.db, sellerId, id))!);
}
