import type { ModuleManifest } from '../../platform/manifest.js';
import { auditRoutes } from './routes.js';

/** The seller's audit log: `recordAudit` for the services that change things, and «Журнал действий». */
export const auditModule: ModuleManifest = {
  name: 'audit',
  routes: (context) => [auditRoutes(context)],
};
