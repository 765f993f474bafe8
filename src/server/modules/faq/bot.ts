import { messages } from '../../../contract/messages.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { findItem, hasItems, listItems } from './repository.js';

// «Вопросы и ответы» the menu button lists the action's questions as inline buttons,
// a press on one answers it (its link as a URL button). Buttons carry the item's id, never its text.

const m = messages.serviceDesk;
const KEY = 'faq';
const LIST = 'list';
const ITEM = /^(\d{1,15})$/;

export const faqFeature: BotFeature = {
  key: KEY,
  async menuButtons(context) {
    return (await hasItems(context.deps.db, context.action.id)) ? [{ text: m.faqButton, callback_data: `${KEY}:${LIST}` }] : [];
  },
  async onCallback(context, data) {
    const { db } = context.deps;
    if (data === LIST) {
      const items = await listItems(db, context.action.id);
      if (items.length === 0) return { text: m.faqGone };
      return { text: m.faqIntro, buttons: items.map((item) => [{ text: item.question, callback_data: `${KEY}:${item.id}` }]) };
    }
    const id = ITEM.exec(data);
    if (!id) return null;
    const item = await findItem(db, context.action.id, Number(id[1]));
    if (!item) return { text: m.faqGone };
    return item.link ? { text: item.answer, buttons: [[{ text: m.faqLinkButton, url: item.link }]] } : { text: item.answer };
  },
};
