import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.js';
import { surveys } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SegmentCondition } from '../../platform/manifest.js';

/** «Прошёл опрос»: the shopper completed the action's survey (another action's is refused). */
export const surveySegmentCondition: SegmentCondition = {
  async predicates({ db, projectId }, { took_part: tookPart }) {
    if (!tookPart || !('survey_id' in tookPart)) return [];
    const surveyId = tookPart.survey_id;
    const [own] = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.id, surveyId), eq(surveys.projectId, projectId)));
    if (!own) throw new AppError('bad_request', messages.segments.surveyUnknown);
    return [
      sql`EXISTS (SELECT 1 FROM survey_runs sr
        WHERE sr.survey_id = ${surveyId}::bigint AND sr.buyer_tg_id = shopper.buyer_tg_id AND sr.completed_at IS NOT NULL)`,
    ];
  },
};
