import { formatDayMonth } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { earningRate, type EarningRate } from '../../../contract/points.js';
import type { CheckResponse, ReceiptStatus } from '../../../contract/receipts.js';
import type { Db } from '../../db/connection.js';
import { BILLING_DEFAULTS, RECEIPT_TIERS } from '../../../contract/billing.js';
import type { AwardAdditions, AwardedReceipt } from '../../platform/manifest.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { assertClaimedSeller, authenticate, sessionUserOrThrow } from '../auth/service.js';
import { hashSessionToken } from '../auth/tokens.js';
import type { TaxClient } from '../../integrations/tax/client.js';
import { pointsExpiry, reachedLevel } from '../points/earning.js';
import { holdReleaseAt } from '../points/hold.js';
import { hashApiKey } from '../../sealing/api-key.js';
import { raiseFlags } from '../trust/repository.js';
import { buyerFlagged } from '../trust/flags.js';
import { dueFlags, nextReceiptCountsAt } from './guards.js';
import { answerFor, type CheckVerdict } from './messages.js';
import { formatFiscalQr, parseFiscalQr, receiptKey, type FiscalQr } from './qr.js';
import * as repo from './repository.js';
import { readTaxReceipt, type TaxReceipt } from './tax-receipt.js';
import { isActionOpen, isSale, judgeReceipt, type ActionRules, type ClassifiedItem } from './verdict.js';

export interface ReceiptDeps {
  db: Db;
  now: () => Date;
  /** Real time for the session check (auth/service.ts, AuthDeps). */
  realNow: () => Date;
  tax: TaxClient;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
  /** Called after a receipt queued a PuzzleBot push, so delivery starts at once. */
  onPuzzleBotPushQueued?: () => void;
  /** Called after a receipt was written to the history, so its analytics are counted soon (functions/analytics_catch_up.sql). */
  onReceiptWritten?: () => void;
  /** Called when a receipt was refused because the seller cannot pay: the seller is told (billing/balance-watch.ts). */
  onSellerCannotPay?: () => void;
  /**
   * Called after a receipt's award committed: the modules that follow purchases (the module list's
   * `afterAward`: a promo code, a referral's reward, a product's guide). Never throws; the verdict
   * stands whatever it does. What it answers joins the check's answer (the promo code).
   */
  onAwarded?: (awarded: AwardedReceipt) => Promise<AwardAdditions>;
  /** Called with every check's verdict (the metrics count them). */
  onChecked?: (status: ReceiptStatus) => void;
  /** Called once per flag a check raised for the first time (trust/flags.ts). */
  /** Wakes the delivery of seller notices (a shopper flagged). */
  onSellerNoticesQueued?: () => void;
}

/**
 * Who asks for a check: a seller ScanApp already knows (the shoppers' bot), the cabinet's
 * session, or a bot platform with the action's API key. The session and the key are verified
 * by the same read as the action; a call may also name its `user_id` (SPEC §7).
 */
export type CheckCaller =
  | { kind: 'seller'; sellerId: number }
  | { kind: 'session'; token: string | undefined; claimedUserId?: number }
  | { kind: 'apiKey'; apiKey: string; claimedUserId?: number };

/** A check's answer, and for the shoppers' bot the buyer's points after an award. */
export interface CheckOutcome {
  response: CheckResponse;
  /** The buyer's points in the action once the receipt's were added (the award reads them); null unless the check succeeded. */
  buyerPoints: number | null;
}

export interface CheckInput {
  caller: CheckCaller;
  projectId: number;
  qrText: string;
  buyerTgId: string;
  /** The shoppers' bot's update the check answers: its receipt is awarded once, however often it is checked. */
  botUpdate?: repo.BotUpdateKey;
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

/** The seller the check is for, once the caller may act on the action; errors as the other calls answer them. */
async function authorizeCheck(
  deps: ReceiptDeps,
  caller: CheckCaller,
  projectId: number,
  context: repo.CheckContext | undefined,
): Promise<{ sellerId: number; context: repo.CheckContext }> {
  const sellerId = await sellerOfCaller(deps, caller, projectId, context);
  if (!context) throw actionNotFound(); // sellerOfCaller has thrown already; this narrows the type
  return { sellerId, context };
}

/** The caller's seller; throws unless the action exists and the caller may act on it. */
async function sellerOfCaller(
  deps: ReceiptDeps,
  caller: CheckCaller,
  projectId: number,
  context: repo.CheckContext | undefined,
): Promise<number> {
  const action = context?.action;
  switch (caller.kind) {
    case 'seller':
      if (action?.userId !== caller.sellerId) throw actionNotFound();
      return caller.sellerId;
    case 'apiKey': {
      if (!context) {
        // A key of a deleted action is the action's, which is gone; any other key is wrong.
        const owner = await repo.findProjectByApiKeyHash(deps.db, hashApiKey(caller.apiKey));
        if (owner?.id === projectId && (caller.claimedUserId === undefined || caller.claimedUserId === owner.userId))
          throw actionNotFound();
        throw new AppError('unauthorized', messages.receipts.apiKeyInvalid);
      }
      if (!context.apiKeyMatches || (caller.claimedUserId !== undefined && caller.claimedUserId !== context.action.userId)) {
        throw new AppError('unauthorized', messages.receipts.apiKeyInvalid);
      }
      return context.action.userId;
    }
    case 'session': {
      const sellerId = context ? sessionUserOrThrow(context.sessionUserId) : await authenticate(deps, caller.token);
      assertClaimedSeller(sellerId, caller.claimedUserId);
      // Another seller's action is answered as a missing one.
      if (action?.userId !== sellerId) throw actionNotFound();
      return sellerId;
    }
  }
}

/** `pointsPercentage`: the percent this shopper earns at (earningRate), the action's own by default. */
function rulesOf(action: repo.CheckAction, pointsPercentage = action.pointsPercentage): ActionRules {
  return {
    isActive: action.isActive,
    subscriptionEndDate: action.subscriptionEndDate,
    inns: action.projectInns,
    receiptValidityDays: action.receiptValidityDays,
    checkDuplicates: action.checkDuplicates,
    pointsPercentage,
    productKeywords: action.productKeywords,
    minTotalKopecks: action.minTotalKopecks,
    maxPointsPerReceipt: action.maxPointsPerReceipt,
  };
}

/** What a successful check adds to its answer: the rule the points were earned by, a new level, a promo code. */
interface AwardFacts {
  rate: EarningRate;
  levelUp: { name: string; points_percentage: number } | null;
  promoCode: string | undefined;
  /** Until when the receipt's points are held for the marketplaces' return window (null: available now). */
  heldUntil: Date | null;
}

function answer(status: ReceiptStatus, message: string, points = 0, buyerPoints: number | null = null, award?: AwardFacts): CheckOutcome {
  return {
    response: {
      success: status === 'success',
      message,
      data: {
        points_awarded: points,
        status,
        error: status === 'success' ? null : message,
        ...(award && {
          points_rule: award.rate.rule,
          points_percentage: award.rate.percent,
          points_level: award.rate.levelName,
          ...(award.levelUp && { level_up: award.levelUp }),
          ...(award.promoCode !== undefined && { promo_code: award.promoCode }),
          ...(award.heldUntil && { points_held_until: award.heldUntil.toISOString() }),
        }),
      },
    },
    buyerPoints,
  };
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/** The receipt is the one the QR names: the same fiscal drive, document, sign and total. */
function describesQr(receipt: TaxReceipt, qr: FiscalQr): boolean {
  return (
    withoutLeadingZeros(receipt.fn) === withoutLeadingZeros(qr.fn) &&
    withoutLeadingZeros(receipt.i) === withoutLeadingZeros(qr.i) &&
    withoutLeadingZeros(receipt.fp) === withoutLeadingZeros(qr.fp) &&
    receipt.totalKopecks === qr.totalKopecks
  );
}

/** The tax service's receipt for a QR, from the cache (read with the action) or the service (cached when found). */
async function fetchReceipt(
  deps: ReceiptDeps,
  qr: FiscalQr,
  cached: unknown | undefined,
): Promise<{ kind: 'found'; receipt: TaxReceipt } | { kind: 'invalid' } | { kind: 'unavailable' }> {
  const key = receiptKey(qr);
  const json =
    cached ??
    (await (async () => {
      // The service reads the bare QR string: not the shopper's link around it, nor its percent-encoded form.
      const lookup = await deps.tax.lookup(formatFiscalQr(qr));
      if (lookup.kind === 'invalid') return 'invalid' as const;
      if (lookup.kind === 'unavailable') {
        deps.log.warn({ reason: lookup.reason, key }, 'tax service unavailable');
        return 'unavailable' as const;
      }
      return lookup.json;
    })());
  if (json === 'invalid') return { kind: 'invalid' };
  if (json === 'unavailable') return { kind: 'unavailable' };
  const receipt = readTaxReceipt(json);
  if (!receipt) {
    deps.log.warn({ key }, 'tax service answered with a receipt we cannot read');
    return { kind: 'invalid' };
  }
  if (!describesQr(receipt, qr)) {
    // The service's fault, not the shopper's: nothing is cached, a later check may succeed.
    deps.log.warn({ key }, 'tax service answered with another receipt than asked');
    return { kind: 'unavailable' };
  }
  if (cached === undefined) await repo.cacheTaxReceipt(deps.db, key, json);
  return { kind: 'found', receipt };
}

function itemRows(items: ClassifiedItem[] | TaxReceipt['items'], classified: boolean) {
  return items.map((item, position) => ({
    position,
    name: item.name,
    priceKopecks: item.priceKopecks,
    quantity: item.quantity,
    sumKopecks: item.sumKopecks,
    providerInn: item.providerInn,
    status: classified ? (item as ClassifiedItem).status : 'not_counted',
  }));
}

/**
 * Verifies a shopper's receipt for an action and, when it earns points, records it, charges
 * the seller the per-receipt price and awards the points — one statement, atomic on its own
 * (repository.awardReceipt). Every check is kept in the history with its verdict.
 * Round trips on the success path of a cached receipt: the caller-and-action read, then the award.
 */
export async function checkReceipt(deps: ReceiptDeps, input: CheckInput): Promise<CheckOutcome> {
  const outcome = await checkReceiptOnce(deps, input);
  deps.onChecked?.(outcome.response.data.status);
  return outcome;
}

async function checkReceiptOnce(deps: ReceiptDeps, input: CheckInput): Promise<CheckOutcome> {
  const now = deps.now();
  const { caller } = input;
  if (caller.kind === 'session' && !caller.token) throw new AppError('unauthorized', messages.common.unauthorized);
  // Parsing is pure, so the caller, the action, the cached receipt, "already earned here" and the
  // shopper's standing in the action are one read.
  const qr = parseFiscalQr(input.qrText);
  const identity = qr ? { fn: qr.fn, fd: qr.i, fp: qr.fp } : null;
  // No expiry sweep on this hot path: isActionOpen() reads the end date itself.
  const read = await repo.readCheckContext(deps.db, {
    projectId: input.projectId,
    tokenHash: caller.kind === 'session' && caller.token ? hashSessionToken(caller.token) : null,
    apiKeyHash: caller.kind === 'apiKey' ? hashApiKey(caller.apiKey) : null,
    sessionNow: deps.realNow(),
    now,
    receiptKey: qr && isSale(qr.n) ? receiptKey(qr) : null,
    identity,
    buyerTgId: input.buyerTgId,
  });
  const { sellerId, context } = await authorizeCheck(deps, caller, input.projectId, read);
  const outcome = await judgeAndRecord(deps, input, { sellerId, context, qr, identity, now });
  const due = dueFlags({
    verdict: outcome.response.data.status,
    alreadyEarned: context.alreadyEarned,
    manyPerHourDue: context.manyPerHourDue,
    suspiciousReceiptsPerHour: context.action.suspiciousReceiptsPerHour,
  });
  if (due.length > 0) await flagBuyer(deps, { sellerId, projectId: context.action.id, buyerTgId: input.buyerTgId, now }, due);
  return outcome;
}

/** Writes the flags a verdict made due; the verdict stands whatever happens here. */
async function flagBuyer(
  deps: ReceiptDeps,
  scope: { sellerId: number; projectId: number; buyerTgId: string; now: Date },
  due: Parameters<typeof raiseFlags>[2],
): Promise<void> {
  try {
    // A flag and the seller's notice of it are one transaction: neither exists without the other.
    const told = await deps.db.transaction(async (tx) => {
      const raised = await raiseFlags(tx, { projectId: scope.projectId, buyerTgId: scope.buyerTgId, at: scope.now }, due);
      let queued = false;
      for (const kind of raised)
        queued =
          (await buyerFlagged(tx, { sellerId: scope.sellerId, projectId: scope.projectId, buyerTgId: scope.buyerTgId, kind })) || queued;
      return queued;
    });
    if (told) deps.onSellerNoticesQueued?.();
  } catch (error) {
    deps.log.error({ err: error, projectId: scope.projectId }, 'flagging a shopper failed');
  }
}

/** The verdict on an authorized check, kept in the history, and for a success the award. */
async function judgeAndRecord(
  deps: ReceiptDeps,
  input: CheckInput,
  check: {
    sellerId: number;
    context: repo.CheckContext;
    qr: FiscalQr | undefined;
    identity: { fn: string; fd: string; fp: string } | null;
    now: Date;
  },
): Promise<CheckOutcome> {
  const { sellerId, qr, identity, now } = check;
  const { action, alreadyEarned, cachedBody, buyerBefore } = check.context;
  const base = {
    userId: sellerId,
    projectId: action.id,
    projectName: action.name,
    projectInns: action.projectInns,
    buyerTgId: input.buyerTgId,
    qrRaw: input.qrText.slice(0, 2000),
    scannedAt: now,
  };
  const refuse = async (
    status: CheckVerdict,
    extra: Partial<repo.NewReceipt> = {},
    items: repo.NewReceiptItem[] = [],
    facts: Parameters<typeof answerFor>[2] = {},
  ) => {
    const message = answerFor(status, action, facts);
    await repo.insertReceipt(deps.db, { ...base, ...extra, status, message }, items);
    deps.onReceiptWritten?.();
    return answer(status, message);
  };

  if (!isActionOpen(rulesOf(action), now)) return refuse('subscription_inactive');

  // The seller's block and the weekly cap refuse before the tax lookup: free, and the service is not asked.
  if (check.context.blocked) return refuse('blocked', identity ?? {});

  if (!qr || !identity || !isSale(qr.n)) return refuse('not_recognized', identity ?? {});

  // A receipt that already earned points here needs no second lookup.
  if (alreadyEarned) return refuse('already_scanned', identity);

  const { weeklyCapFullSince } = check.context;
  if (weeklyCapFullSince) {
    return refuse('limit_reached', identity, [], { nextReceiptOn: formatDayMonth(nextReceiptCountsAt(weeklyCapFullSince)) });
  }

  const fetched = await fetchReceipt(deps, qr, cachedBody);
  if (fetched.kind === 'unavailable') return refuse('error', identity);
  if (fetched.kind === 'invalid') return refuse('not_recognized', identity);
  const receipt = fetched.receipt;
  if (!isSale(receipt.operationType)) return refuse('not_recognized', identity);

  const facts = {
    ...identity,
    issuedAt: receipt.issuedAt,
    totalKopecks: receipt.totalKopecks,
    sellerName: receipt.seller,
    sellerInn: receipt.sellerInn,
    retailPlace: receipt.retailPlace,
  };
  const rate = earningRate(action, buyerBefore);
  const verdict = judgeReceipt(receipt, rulesOf(action, rate.percent), now);
  const items = itemRows(verdict.classification.items, true);
  if (verdict.status !== 'success') return refuse(verdict.status, facts, items);
  // Held points (the marketplaces' return window) become available, and their purchase counts toward a level, from their release.
  const heldUntil = verdict.points > 0 ? holdReleaseAt(action.pointsHoldDays, receipt.issuedAt, now) : null;
  const levelUp = heldUntil ? null : reachedLevel(action, buyerBefore.spentKopecks, verdict.classification.countedKopecks);

  const message = answerFor('success', action, { points: verdict.points, cappedAt: verdict.cappedAt });
  try {
    // One statement, so atomic on its own: no BEGIN/COMMIT round trips around it.
    const awarded = await repo.awardReceipt(deps.db, {
      receipt: {
        ...base,
        ...facts,
        status: 'success',
        message,
        pointsAwarded: verdict.points,
        countedKopecks: verdict.classification.countedKopecks,
        dedupe: action.checkDuplicates === 1,
      },
      items,
      points: verdict.points,
      pointsReason: fillMessage(messages.points.reasonReceipt, { id: '{id}' }),
      pointsExpiresAt: pointsExpiry(action, now),
      pointsHeldUntil: heldUntil,
      pointsRule: rate.rule,
      pointsPercentage: rate.percent,
      pointsLevel: rate.levelName,
      countedKopecks: verdict.classification.countedKopecks,
      // "Last purchase" is when the shopper bought, not when they scanned.
      purchasedAt: receipt.issuedAt,
      pushToPuzzleBot: Boolean(action.hasPuzzleBotToken && action.puzzleBotPointsVariable),
      feeDescription: fillMessage(messages.billing.ledgerReceiptFee, { name: action.name }),
      // The action's row is written only when it says the balance could not pay.
      clearStatusMessage: action.statusMessage === messages.receipts.sellerBalanceLowStatus ? action.statusMessage : null,
      botUpdate: input.botUpdate ?? null,
      tiers: RECEIPT_TIERS.map((tier) => ({ max: tier.max, key: tier.key, fallbackRubles: BILLING_DEFAULTS[tier.key] })),
    });
    if (awarded) {
      deps.onReceiptWritten?.();
      if (verdict.points > 0 && action.hasPuzzleBotToken && action.puzzleBotPointsVariable) deps.onPuzzleBotPushQueued?.();
      const additions = await deps.onAwarded?.({ action, receiptId: awarded.receiptId, buyerTgId: input.buyerTgId });
      const promoCode = additions?.promo_code;
      // The award's own points and message: for an update awarded before, the ones that award wrote.
      return answer('success', awarded.message, awarded.pointsAwarded, awarded.buyerPoints, { rate, levelUp, promoCode, heldUntil });
    }
  } catch (error) {
    // Another copy of this receipt won the race for the action's one success.
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION) return refuse('already_scanned', identity);
    throw error;
  }
  // The seller cannot pay for the receipt: refused, free, and the action says why.
  await repo.setProjectStatusMessage(deps.db, action.id, messages.receipts.sellerBalanceLowStatus);
  deps.onSellerCannotPay?.();
  return refuse('seller_balance_low', facts, items);
}
