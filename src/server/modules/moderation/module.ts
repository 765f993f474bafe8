import type { ModuleManifest } from '../../platform/manifest.js';
import { photosFeature, reviewsFeature } from './bot.js';
import { moderationRoutes } from './routes.js';

/** Points for reviews and for photos with the product: the bot's two functions and the cabinet's queue. */
export const moderationModule: ModuleManifest = {
  name: 'moderation',
  routes: (context) => [moderationRoutes(context)],
  bot: [reviewsFeature, photosFeature],
};
