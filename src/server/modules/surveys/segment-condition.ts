import { sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.js';
import { AppError } from '../../errors.js';
import type { SegmentCondition } from '../../platform/manifest.js';
import { ownSurvey } from './repository.js';

/** «Прошёл опрос»: the shopper completed the action's survey (another action's is refused). */
export const surveySegmentCondition: SegmentCondition = {
  async matches({ db, sellerId, projectId }, { took_part: tookPart }) {
    if (!tookPart || !('survey_id' in tookPart)) return [];
    const surveyId = tookPart.survey_id;
    if ((await ownSurvey(db, sellerId, surveyId))?.projectId !== projectId)
      throw new AppError('bad_request', messages.segments.surveyUnknown);
    return [{ shoppers: sql`SELECT buyer_tg_id FROM survey_runs WHERE survey_id = ${surveyId}::bigint AND completed_at IS NOT NULL` }];
  },
};
