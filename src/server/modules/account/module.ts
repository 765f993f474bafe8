import type { ModuleManifest } from '../../platform/manifest.js';
import { MAIL_JOB } from '../mail/delivery-job.js';
import { accountRoutes } from './routes.js';

/** Password reset, the profile's name, password and e-mail. */
export const accountModule: ModuleManifest = {
  name: 'account',
  routes: (context) => [accountRoutes({ ...context, onMailQueued: context.wake(MAIL_JOB) })],
};
