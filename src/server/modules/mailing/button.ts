import type { MailingButton } from '../../../contract/mailing-schedule.js';
import { messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import type { ScheduledMailingButton, StoredMailingButton } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { shopUrl } from '../bot/setup.js';
import { findRunAction, productOfAction } from './schedule-repository.js';

const m = messages.mailingSchedule;

export interface ButtonDeps {
  db: Executor;
  publicUrl: string;
  webAppButtons: boolean;
}

/**
 * The button as it goes out: a link as given, or the action's shop as a Mini App button. Where
 * Telegram may not open a Mini App (a plain-HTTP address outside the emulator) the shop goes as
 * a link instead of a button every recipient's Telegram would refuse.
 */
export async function resolveButton(
  deps: ButtonDeps,
  projectId: number | null,
  button: ScheduledMailingButton | null,
): Promise<StoredMailingButton | null> {
  if (!button) return null;
  if ('url' in button) return { text: button.text, url: button.url };
  const action = projectId === null ? undefined : await findRunAction(deps.db, projectId);
  if (!action?.shopToken) return null;
  const product = button.product_id && (await productOfAction(deps.db, projectId!, button.product_id)) ? button.product_id : null;
  // The shop opens on the product when the button names one (see the shop app's `product` parameter).
  const url = `${shopUrl(deps.publicUrl, action.shopToken)}${product ? `?product=${product}` : ''}`;
  return deps.webAppButtons ? { text: button.text, web_app_url: url } : { text: button.text, url };
}

/** Checks a button asked for now (the shop exists, the product is in it) and resolves it; 400 with a Russian message otherwise. */
export async function checkedButton(
  deps: ButtonDeps,
  projectId: number | null,
  button: MailingButton | null | undefined,
): Promise<StoredMailingButton | null> {
  if (!button) return null;
  if ('shop' in button) {
    // The request schema already refused a shop button without an action.
    const action = await findRunAction(deps.db, projectId!);
    if (!action?.shopToken) throw new AppError('bad_request', m.actionHasNoShop);
    if (button.product_id && !(await productOfAction(deps.db, projectId!, button.product_id)))
      throw new AppError('bad_request', m.productNotFound);
  }
  return resolveButton(deps, projectId, button);
}
