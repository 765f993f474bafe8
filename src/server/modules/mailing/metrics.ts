import { Gauge } from 'prom-client';
import type { ModuleContext } from '../../platform/manifest.js';

/** Recipients of the mailings being sent, by where they are: read when Prometheus scrapes. */
export function registerMailingMetrics({ database, metrics, log }: ModuleContext): void {
  new Gauge({
    name: 'scanapp_mailing_recipients',
    help: 'Recipients of the mailings being sent, by state (sent, failed, pending).',
    labelNames: ['state'],
    registers: [metrics.registry],
    async collect() {
      try {
        const [row] = await database.query<{ sent: string | number; failed: string | number; pending: string | number }>(`
          SELECT coalesce(sum(sent), 0) AS sent, coalesce(sum(failed), 0) AS failed, coalesce(sum(total - sent - failed), 0) AS pending
            FROM mailings WHERE status = 'sending'`);
        for (const state of ['sent', 'failed', 'pending'] as const) this.set({ state }, Number(row?.[state] ?? 0));
      } catch (error) {
        log.warn({ err: error }, 'a metric could not be read from the database');
      }
    },
  });
}
