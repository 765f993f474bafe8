import type { BotMenu } from '../../../contract/bot-menu.js';
import { messages } from '../../../contract/messages.js';
import type { ProjectRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BotFeature, BotFeatureDeps } from '../../platform/bot-feature.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { findSellersAction, saveMenuOrder } from './repository.js';
import { menuButtons, previewContext } from './dispatch.js';

// The seller's side of the bot's menu: the functions' buttons in the order the bot shows them, and
// that order changed. A button the preview does not show (one only some shoppers see, as «Мои
// гарантии») keeps its default place after the ordered ones.

export interface BotMenuDeps extends BotFeatureDeps {
  botParts: readonly BotFeature[];
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

async function entriesOf(deps: BotMenuDeps, action: ProjectRow): Promise<BotMenu> {
  const buttons = await menuButtons(previewContext(deps, deps.botParts, action));
  return { entries: buttons.flatMap((button) => ('callback_data' in button ? [{ key: button.callback_data, text: button.text }] : [])) };
}

export async function readBotMenu(deps: BotMenuDeps, sellerId: number, projectId: number): Promise<BotMenu> {
  const action = await findSellersAction(deps.db, sellerId, projectId);
  if (!action) throw actionNotFound();
  return entriesOf(deps, action);
}

/** Keeps the order as given: a key of a button not shown now (a survey closed later) simply matches nothing. */
export async function saveBotMenuOrder(
  deps: BotMenuDeps,
  sellerId: number,
  projectId: number,
  order: string[],
  actor: AuditActor,
): Promise<BotMenu & { message: string }> {
  const before = await findSellersAction(deps.db, sellerId, projectId);
  if (!before) throw actionNotFound();
  const action = await deps.db.transaction(async (tx) => {
    const saved = await saveMenuOrder(tx, sellerId, projectId, order);
    if (saved)
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'bot_menu.update',
        subject: saved.name,
        before: { order: before.botMenuOrder },
        after: { order: saved.botMenuOrder },
      });
    return saved;
  });
  if (!action) throw actionNotFound();
  return { message: messages.botFeatures.menuOrderSaved, ...(await entriesOf(deps, action)) };
}
