import type { ModuleManifest } from '../../platform/manifest.js';
import { surveysFeature } from './bot.js';
import { surveyRoutes } from './routes.js';
import { surveySegmentCondition } from './segment-condition.js';

/** Surveys and quizzes: the cabinet's editor and results, each published survey a button of the bot. */
export const surveysModule: ModuleManifest = {
  name: 'surveys',
  routes: (context) => [surveyRoutes(context)],
  bot: [surveysFeature],
  segmentConditions: surveySegmentCondition,
};
