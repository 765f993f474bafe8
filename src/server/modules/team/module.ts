import type { ModuleManifest } from '../../platform/manifest.js';
import { MAIL_JOB } from '../mail/delivery-job.js';
import { teamRoutes } from './routes.js';

/** The seller's team: invitations by e-mail, members and their roles. The role check itself is auth's (session.ts, permissions.ts). */
export const teamModule: ModuleManifest = {
  name: 'team',
  routes: (context) => [teamRoutes({ ...context, onMailQueued: context.wake(MAIL_JOB) })],
};
