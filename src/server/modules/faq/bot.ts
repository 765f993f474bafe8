import { messages } from '../../../contract/messages.js';
import type { FaqItemRow } from '../../db/schema.js';
import type { BotFeature, FeatureReply } from '../../platform/bot-feature.js';
import { writeToSupportButton } from '../support/dialog.js';
import { askedQuestions } from './matching.js';
import { findItem, hasItems, listItems } from './repository.js';

// «Вопросы и ответы» the menu button lists the action's questions as inline buttons,
// a press on one answers it (its link as a URL button). Buttons carry the item's id, never its text.
// A typed message nothing else took (not a receipt, a command, a step or an open support thread)
// is matched against the questions: one match answers, several are offered as buttons, none
// offers «Написать в поддержку» while that is on.

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
      return { text: m.faqIntro, buttons: items.map(questionButton) };
    }
    const id = ITEM.exec(data);
    if (!id) return null;
    const item = await findItem(db, context.action.id, Number(id[1]));
    return item ? answerOf(item) : { text: m.faqGone };
  },
  async onLooseText(context, text) {
    const items = await listItems(context.deps.db, context.action.id);
    if (items.length === 0) return undefined;
    const asked = askedQuestions(text, items);
    if (asked.length === 1) return answerOf(asked[0]!);
    if (asked.length > 1) return { text: m.faqSeveral, buttons: asked.map(questionButton) };
    return context.features.support.enabled ? { text: m.faqNoMatch, buttons: [[writeToSupportButton]] } : undefined;
  },
};

const questionButton = (item: FaqItemRow) => [{ text: item.question, callback_data: `${KEY}:${item.id}` }];

const answerOf = (item: FaqItemRow): FeatureReply =>
  item.link ? { text: item.answer, buttons: [[{ text: m.faqLinkButton, url: item.link }]] } : { text: item.answer };
