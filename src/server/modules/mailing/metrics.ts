import { Gauge } from 'prom-client';
import type { ModuleContext } from '../../platform/manifest.js';
import { readSendingProgress } from './repository.js';

/** Recipients of the mailings being sent, by where they are: read when Prometheus scrapes. */
export function registerMailingMetrics({ db, metrics, log }: ModuleContext): void {
  new Gauge({
    name: 'scanapp_mailing_recipients',
    help: 'Recipients of the mailings being sent, by state (sent, failed, pending).',
    labelNames: ['state'],
    registers: [metrics.registry],
    async collect() {
      try {
        const progress = await readSendingProgress(db);
        for (const state of ['sent', 'failed', 'pending'] as const) this.set({ state }, progress[state]);
      } catch (error) {
        log.warn({ err: error }, 'a metric could not be read from the database');
      }
    },
  });
}
