import { messages } from '../../../contract/messages.js';
import type { Buyer, Receipt, ReceiptStatusFilter } from '../../../contract/receipts.js';
import type { LedgerEntry } from '../../../contract/points.js';
import type { ShopOrder } from '../../../contract/shop.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { findBuyerInAction, findOwnProject } from '../buyers/card-repository.js';
import { presentLedgerLine } from '../buyers/card-service.js';
import { getBuyers } from '../buyers/service.js';
import { readLedger } from '../points/repository.js';
import { presentReceipt } from '../receipts/presenter.js';
import { listReceipts } from '../receipts/repository.js';
import { getOrder, listOrdersPage } from '../shop/orders-service.js';
import { pageOf } from '../../db/cursor.js';
import { decodeCursor } from './cursor.js';

// The seller API's reads: the cabinet's own queries and presenters, paged by keyset (one row more
// than the page, so the last page says so), every one filtered by the key's seller.

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

interface PageQuery {
  cursor?: string;
  limit: number;
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

export async function receiptsPage(
  db: Executor,
  sellerId: number,
  query: PageQuery & { project_id?: number; status?: ReceiptStatusFilter; from?: Date; to?: Date },
): Promise<Page<Receipt>> {
  const { rows } = await listReceipts(db, sellerId, {
    projectId: query.project_id,
    status: query.status,
    scannedFrom: query.from,
    scannedTo: query.to,
    afterId: decodeCursor(query.cursor, 'number'),
    limit: query.limit + 1,
    offset: 0,
  });
  return pageOf(
    rows,
    query.limit,
    (row) => ({ ...presentReceipt(row, row.items), repeat: row.repeat }),
    (row) => row.id,
  );
}

export async function readReceipt(db: Executor, sellerId: number, receiptId: number): Promise<Receipt> {
  const { rows } = await listReceipts(db, sellerId, { id: receiptId, limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw new AppError('not_found', messages.publicApi.receiptNotFound);
  return { ...presentReceipt(row, row.items), repeat: row.repeat };
}

/** The action's buyers by ID (the keyset: buyer_stats' primary key), with their points, held points and level. */
export async function buyersPage(
  db: Executor,
  now: Date,
  sellerId: number,
  query: PageQuery & { project_id: number },
): Promise<Page<Buyer>> {
  if (!(await findOwnProject(db, sellerId, query.project_id))) throw actionNotFound();
  const { buyers } = await getBuyers(db, now, sellerId, {
    project_id: query.project_id,
    sort: 'buyer_id',
    order: 'asc',
    limit: query.limit + 1,
    offset: 0,
    suspicious: false,
    after_buyer_id: decodeCursor(query.cursor, 'string'),
  });
  return pageOf(
    buyers,
    query.limit,
    (buyer) => buyer,
    (buyer) => buyer.buyer_id,
  );
}

export async function readBuyer(db: Executor, now: Date, sellerId: number, buyerTgId: string, projectId: number): Promise<Buyer> {
  if (!(await findOwnProject(db, sellerId, projectId))) throw actionNotFound();
  const { buyers } = await getBuyers(db, now, sellerId, {
    project_id: projectId,
    order: 'asc',
    offset: 0,
    suspicious: false,
    buyer_tg_id: buyerTgId,
  });
  const buyer = buyers[0];
  if (!buyer) throw new AppError('not_found', messages.points.buyerNotFound);
  return buyer;
}

/** A buyer's ledger in one action, newest first, each row with the balances after it. */
export async function ledgerPage(
  db: Executor,
  sellerId: number,
  buyerTgId: string,
  query: PageQuery & { project_id: number },
): Promise<Page<LedgerEntry>> {
  if (!(await findOwnProject(db, sellerId, query.project_id))) throw actionNotFound();
  if (!(await findBuyerInAction(db, sellerId, query.project_id, buyerTgId))) throw new AppError('not_found', messages.points.buyerNotFound);
  const lines = await readLedger(db, query.project_id, buyerTgId, query.limit + 1, decodeCursor(query.cursor, 'number'));
  return pageOf(lines, query.limit, presentLedgerLine, (line) => line.id);
}

export async function ordersPage(
  db: Executor,
  sellerId: number,
  query: PageQuery & { project_id?: number; status?: ShopOrder['status'] },
): Promise<Page<ShopOrder>> {
  const orders = await listOrdersPage({ db }, sellerId, {
    projectId: query.project_id,
    status: query.status,
    beforeId: decodeCursor(query.cursor, 'number'),
    limit: query.limit + 1,
  });
  return pageOf(
    orders,
    query.limit,
    (order) => order,
    (order) => order.id,
  );
}

export async function readOrder(db: Executor, sellerId: number, orderId: number): Promise<ShopOrder> {
  return getOrder({ db }, sellerId, orderId);
}
