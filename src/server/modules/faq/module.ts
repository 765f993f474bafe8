import type { ModuleManifest } from '../../platform/manifest.js';
import { faqFeature } from './bot.js';
import { faqRoutes } from './routes.js';

/** «Вопросы и ответы»: the cabinet's list, the questions as the bot's buttons. */
export const faqModule: ModuleManifest = {
  name: 'faq',
  routes: (context) => [faqRoutes(context)],
  bot: [faqFeature],
};
