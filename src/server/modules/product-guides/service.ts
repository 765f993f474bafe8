import { itemNameContains } from '../../../contract/item-name.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { GuideFileKind, ProductRule, ProductRuleDraft, Warranty } from '../../../contract/product-guides.js';
import { uploadMessages } from '../../../contract/uploads.js';
import type { Db } from '../../db/connection.js';
import type { ProductRuleRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { moscowDay } from '../analytics/period.js';
import { queueBuyerNotice } from '../notices/repository.js';
import type { AwardedAction, AwardHookDeps } from '../../platform/manifest.js';
import { findLiveProject } from '../actions/repository.js';
import { listChange } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';
import { formatDay, isActive, warrantyUntil } from './warranty-date.js';

// Product guides and electronic warranty: the seller's rules, what a matching receipt brings the
// shopper (the guide, the warranty stored and confirmed), and the warranties found later.

const m = messages.serviceDesk;
/** Telegram's limit of one message's text. */
const MESSAGE_MAX = 4096;
/** Telegram's limit of a file's caption. */
const CAPTION_MAX = 1024;
/** What one answer (the bot's list, the cabinet's search) shows at most, newest first. */
const WARRANTIES_SHOWN = 30;

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

export interface ProductGuideDeps {
  db: Db;
  now: () => Date;
}

const presentRule = (row: ProductRuleRow): ProductRule => ({
  match: row.match,
  guide: row.guide,
  warranty_months: row.warrantyMonths,
  attachment: row.attachment,
});

export async function getProductRules(db: Db, sellerId: number, projectId: number): Promise<{ rules: ProductRule[] }> {
  if (!(await findLiveProject(db, sellerId, projectId))) throw actionNotFound();
  return { rules: (await repo.listRules(db, projectId)).map(presentRule) };
}

/** What a PDF and an MP4 start with: `%PDF-`; a box `ftyp` at byte 4 (ISO base media file). */
function hasContentOf(kind: GuideFileKind, data: Buffer): boolean {
  if (kind === 'pdf') return data.subarray(0, 5).toString('latin1') === '%PDF-';
  return data.length >= 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
}

/** A guide's file, checked by its content (the name and the browser's type are the sender's word), kept in the database. */
export async function uploadGuideFile(
  db: Db,
  sellerId: number,
  file: { kind: GuideFileKind; fileName: string; data: Buffer },
): Promise<{ message: string; upload_id: number }> {
  if (file.data.length === 0) throw new AppError('bad_request', uploadMessages.fileEmpty);
  if (!hasContentOf(file.kind, file.data))
    throw new AppError('unsupported_media_type', file.kind === 'pdf' ? m.fileNotPdf : m.fileNotVideo);
  const fileName = file.fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100) || (file.kind === 'pdf' ? 'guide.pdf' : 'guide.mp4');
  return {
    message: m.fileUploaded,
    upload_id: await repo.insertGuideFile(db, { userId: sellerId, kind: file.kind, fileName, data: file.data }),
  };
}

/** Replaces the rules in one transaction. Warranties given already stay as they were given. */
export async function replaceProductRules(
  db: Db,
  sellerId: number,
  projectId: number,
  rules: ProductRuleDraft[],
  actor: AuditActor,
): Promise<{ message: string; rules: ProductRule[] }> {
  return db.transaction(async (tx) => {
    // Locked: two saves of one list must not interleave.
    const action = await findLiveProject(tx, sellerId, projectId, { lock: true });
    if (!action) throw actionNotFound();
    const before = (await repo.listRules(tx, projectId)).map(presentRule);
    // An uploaded file is the seller's own, of the kind the rule names: another seller's id is not found.
    for (const [index, rule] of rules.entries()) {
      const uploadId = rule.attachment?.upload_id;
      if (uploadId !== undefined && (await repo.guideFileKind(tx, sellerId, uploadId)) !== rule.attachment!.kind)
        throw new AppError('bad_request', fillMessage(m.ruleAttachmentNotFound, { n: index + 1 }));
    }
    await repo.replaceRules(tx, projectId, rules);
    const after = (await repo.listRules(tx, projectId)).map(presentRule);
    await recordAudit(tx, { sellerId, actor, action: 'product_rules.update', subject: action.name, ...listChange(before, after) });
    return { message: m.rulesSaved, rules: after };
  });
}

export function presentWarranty(row: repo.WarrantyListRow, today: string): Warranty {
  return {
    id: row.id,
    buyer_tg_id: row.buyerTgId,
    buyer_name: row.buyerName,
    receipt_id: row.receiptId,
    item_name: row.itemName,
    months: row.months,
    purchased_on: row.purchasedOn,
    valid_until: row.validUntil,
    active: isActive(row.validUntil, today),
  };
}

/** The cabinet's search: an action's warranties of a shopper or of a receipt. */
export async function searchWarranties(
  deps: ProductGuideDeps,
  sellerId: number,
  query: { project_id: number; buyer?: string | undefined; receipt?: number | undefined },
): Promise<{ warranties: Warranty[] }> {
  if (!(await findLiveProject(deps.db, sellerId, query.project_id))) throw actionNotFound();
  const rows = await repo.findWarranties(
    deps.db,
    { projectId: query.project_id, sellerId, buyerTgId: query.buyer, receiptId: query.receipt },
    WARRANTIES_SHOWN,
  );
  const today = moscowDay(deps.now());
  return { warranties: rows.map((row) => presentWarranty(row, today)) };
}

/**
 * The first rule (in the seller's order) whose text the item's name contains, as the action's
 * product keywords match: any case, «ё» as «е», runs of whitespace as one space.
 */
export function ruleFor<Rule extends { match: string }>(rules: Rule[], itemName: string): Rule | undefined {
  return rules.find((rule) => itemNameContains(itemName, rule.match));
}

/** The guide's message: with the item's name above it while that still fits one Telegram message. */
function guideText(itemName: string, guide: string): string {
  const titled = fillMessage(m.guideOf, { item: itemName, guide });
  return titled.length <= MESSAGE_MAX ? titled : guide;
}

/**
 * After a successful receipt: each of the seller's items matching a rule brings its guide (once per
 * rule and receipt) and its warranty (stored once per item, from the receipt's purchase day), both
 * told by the bot through buyer notices queued in the same transaction.
 */
export async function giveGuidesAndWarranties(
  deps: AwardHookDeps,
  awarded: { action: Pick<AwardedAction, 'id' | 'hasProductRules'>; receiptId: number; buyerTgId: string },
): Promise<void> {
  const { action, receiptId, buyerTgId } = awarded;
  // Every award passes here: an action without rules is told by its own row, with no read.
  if (!action.hasProductRules) return;
  const rules = await repo.listRules(deps.db, action.id);
  if (rules.length === 0) return;
  const receipt = await repo.readReceiptItems(deps.db, receiptId);
  if (!receipt) return;
  const matched = receipt.items.flatMap((item) => {
    const rule = ruleFor(rules, item.name);
    return rule ? [{ item, rule }] : [];
  });
  if (matched.length === 0) return;
  const purchasedOn = moscowDay(receipt.purchasedAt);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const guided = new Set<number>();
    for (const { item, rule } of matched) {
      const notice = { projectId: action.id, buyerTgId, shopButton: false };
      if (rule.guide !== null && !guided.has(rule.id)) {
        guided.add(rule.id);
        await queueBuyerNotice(tx, {
          ...notice,
          text: guideText(item.name, rule.guide),
          reference: `product-guide:${receiptId}:${item.position}`,
        });
        if (rule.attachment)
          await queueBuyerNotice(tx, {
            ...notice,
            text: fillMessage(m.guideFileCaption, { item: item.name }).slice(0, CAPTION_MAX),
            attachment: rule.attachment,
            reference: `product-guide-file:${receiptId}:${item.position}`,
          });
      }
      if (rule.warrantyMonths === null) continue;
      const validUntil = warrantyUntil(purchasedOn, rule.warrantyMonths);
      const written = await repo.insertWarranty(tx, {
        projectId: action.id,
        receiptId,
        itemPosition: item.position,
        buyerTgId,
        itemName: item.name,
        months: rule.warrantyMonths,
        purchasedOn,
        validUntil,
        createdAt: now,
      });
      if (!written) continue;
      await queueBuyerNotice(tx, {
        ...notice,
        text: fillMessage(m.warrantyConfirmed, { item: item.name, until: formatDay(validUntil) }),
        reference: `warranty:${receiptId}:${item.position}`,
      });
    }
  });
  deps.onNoticesQueued();
}

/** `/warranty`, «Мои гарантии»: the shopper's warranties in this action, newest first. */
export async function warrantiesText(db: Db, projectId: number, buyerTgId: string, now: Date): Promise<string> {
  const rows = await repo.findWarranties(db, { projectId, buyerTgId }, WARRANTIES_SHOWN);
  if (rows.length === 0) return m.warrantiesEmpty;
  const today = moscowDay(now);
  const lines = rows.map((row) =>
    fillMessage(isActive(row.validUntil, today) ? m.warrantyLine : m.warrantyExpiredLine, {
      item: row.itemName,
      until: formatDay(row.validUntil),
      purchased: formatDay(row.purchasedOn),
    }),
  );
  // Item names come from receipts: a long list is cut to what one message holds.
  const text = [m.warrantiesTitle, ...lines];
  while (text.join('\n').length > MESSAGE_MAX) text.pop();
  return text.join('\n');
}
