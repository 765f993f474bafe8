// Points expiry and the reminders before it (issue 28), a function of the action's bot: the
// periodic job app.ts runs, and the line «Мои баллы» and the Mini App show.
import { expiryPhrase } from '../../../../../contract/points.js';
import type { NearestExpiry } from '../../../points/repository.js';

export { expireDuePoints, remindExpiringPoints, type ExpiryDeps } from './service.js';

/** "120 баллов сгорят 12.01.2027". */
export const nearestExpiryLine = (nearest: NearestExpiry) => expiryPhrase(nearest.points, nearest.expiresAt);
