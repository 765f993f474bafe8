import { readBotFeatures } from '../../../contract/bot-features.js';
import { messages } from '../../../contract/messages.js';
import type { WheelSpinResponse, WheelState } from '../../../contract/wheel.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { identifyShopBuyer } from '../shop/orders-service.js';
import { readLiveAction } from './repository.js';
import { bonusRefusal } from './service.js';
import { readSpin, spinLines, spinWheel } from './wheel.js';

type WheelDeps = { db: Db; now: () => Date };

/** The shop's action with its wheel and the proved shopper; a shop without a wheel (or with the bonus off) has none to show. */
async function wheelOf(deps: WheelDeps, token: string, initData: string | undefined) {
  const { sellerId, projectId, buyerTgId } = await identifyShopBuyer(deps, token, initData);
  const action = await readLiveAction(deps.db, sellerId, projectId);
  if (!action) throw new AppError('not_found', messages.publicShop.tokenNotFound);
  const settings = readBotFeatures(action.botFeatures).daily_bonus;
  if (!settings.enabled || settings.wheel.length === 0) throw new AppError('not_found', messages.dailyBonus.wheelOff);
  return { action, settings, buyerTgId };
}

/** The wheel and today's spin: a reload shows the sector the server drew, with the same words. */
export async function readWheel(deps: WheelDeps, token: string, initData: string | undefined): Promise<WheelState> {
  const { action, settings, buyerTgId } = await wheelOf(deps, token, initData);
  const now = deps.now();
  const sectors = settings.wheel.map(({ label }) => ({ label }));
  const spin = await readSpin(deps.db, action.id, buyerTgId, now);
  if (spin) return { sectors, spin, message: spinLines(spin, now, 'already').join('\n') };
  return { sectors, spin: null, message: await bonusRefusal(deps.db, action, buyerTgId, settings) };
}

/** A spin from the Mini App: refused (409) when today's is taken, so the wheel never turns twice a day. */
export async function spinShopWheel(deps: WheelDeps, token: string, initData: string | undefined): Promise<WheelSpinResponse> {
  const { action, settings, buyerTgId } = await wheelOf(deps, token, initData);
  const now = deps.now();
  const refusal = await bonusRefusal(deps.db, action, buyerTgId, settings);
  if (refusal) throw new AppError('forbidden', refusal);
  const spun = await spinWheel(deps.db, { action, buyerTgId, wheel: settings.wheel, now });
  if (!spun.fresh) throw new AppError('conflict', spinLines(spun.spin, now, 'already').join('\n'));
  return { message: spinLines(spun.spin, now, { balance: spun.balance }).join('\n'), spin: spun.spin, points: spun.balance };
}
