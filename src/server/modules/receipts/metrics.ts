import { Counter } from 'prom-client';
import type { ModuleContext } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';

/** `scanapp_receipt_checks_total`: every check counted by its verdict, in the app's registry. */
export const receiptChecksOf = perContext(
  (context: ModuleContext) =>
    new Counter({
      name: 'scanapp_receipt_checks_total',
      help: 'Receipt checks by verdict (the status stored with the receipt).',
      labelNames: ['verdict'],
      registers: [context.metrics.registry],
    }),
);
