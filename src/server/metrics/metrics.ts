import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/connection.js';
import type { TaxCallOutcome } from '../integrations/tax/client.js';
import type { TelegramCallObserver } from '../integrations/telegram/client.js';
import { readQueueBacklog } from './repository.js';

/** Telegram methods that deliver a message to a person (the rest set bots up or poll). */
const TELEGRAM_SENDS = new Set(['sendMessage', 'sendPhoto']);
/** Tax-service answers that are not the service failing. */
const TAX_ANSWERS = new Set<TaxCallOutcome>(['found', 'invalid', 'not_ready']);

export interface Metrics {
  registry: Registry;
  /** Times every HTTP request by its route pattern (never the raw URL: ids would explode the series). */
  watchHttp(app: FastifyInstance): void;
  taxCalled(seconds: number, outcome: TaxCallOutcome): void;
  telegramCalled: TelegramCallObserver;
}

/**
 * One registry per app instance (tests start several apps in one process; prom-client's global
 * registry would refuse the second's metrics). What the database holds (queues, the pool) is read
 * when Prometheus scrapes, not kept up to date between scrapes. A module adds its own series to
 * the registry through its manifest's `metrics` (the receipt checks, the mailings' recipients).
 */
export function createMetrics(database: Database, onScrapeError: (error: unknown) => void): Metrics {
  const registry = new Registry();
  const registers = [registry];

  // First: its collect reads the pool before the scrape's own queries below take a connection.
  if (database.kind === 'postgres') {
    new Gauge({
      name: 'scanapp_db_pool_connections',
      help: 'PostgreSQL pool of this instance: connections open (total) and idle, and queries waiting for one (waiting).',
      labelNames: ['state'],
      registers,
      collect() {
        const usage = database.usage();
        if (usage.kind !== 'postgres') return;
        this.set({ state: 'total' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    });
  } else {
    new Gauge({
      name: 'scanapp_db_pglite_busy',
      help: 'PGlite operations running or waiting for its single connection.',
      registers,
      collect() {
        const usage = database.usage();
        if (usage.kind === 'pglite') this.set(usage.busy);
      },
    });
  }

  const httpDuration = new Histogram({
    name: 'scanapp_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const taxDuration = new Histogram({
    name: 'scanapp_tax_request_duration_seconds',
    help: 'Calls to the tax service by outcome (found, invalid, not_ready, limit, error, timeout, network, http, bad_answer).',
    labelNames: ['outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
    registers,
  });
  const taxErrors = new Counter({
    name: 'scanapp_tax_errors_total',
    help: 'Calls to the tax service that failed (anything but found, invalid and not ready), by outcome.',
    labelNames: ['outcome'],
    registers,
  });
  const telegramSends = new Counter({
    name: 'scanapp_telegram_sends_total',
    help: 'Messages sent through Telegram (sendMessage, sendPhoto) by outcome: ok or the error kind.',
    labelNames: ['method', 'outcome'],
    registers,
  });
  const telegramRateLimited = new Counter({
    name: 'scanapp_telegram_rate_limited_total',
    help: 'Telegram calls answered 429 (Too Many Requests), by method.',
    labelNames: ['method'],
    registers,
  });

  // Both queue gauges come from one read: the first's collect reads, the second's waits for it.
  let backlogRead: Promise<void> = Promise.resolve();
  new Gauge({
    name: 'scanapp_job_queue_waiting',
    help: 'Jobs due and not yet taken, per queue.',
    labelNames: ['queue'],
    registers,
    collect() {
      backlogRead = readQueueBacklog(database.query).then(
        (queues) => {
          this.reset();
          backlogAge.reset();
          for (const { queue, waiting, oldestAgeSeconds } of queues) {
            this.set({ queue }, waiting);
            backlogAge.set({ queue }, oldestAgeSeconds);
          }
        },
        (error: unknown) => onScrapeError(error),
      );
      return backlogRead;
    },
  });
  const backlogAge = new Gauge({
    name: 'scanapp_job_queue_oldest_age_seconds',
    help: 'Seconds since the oldest waiting job of each queue became due (0: none waits).',
    labelNames: ['queue'],
    registers,
    collect: () => backlogRead,
  });

  return {
    registry,
    watchHttp(app) {
      app.addHook('onResponse', async (request, reply) => {
        httpDuration.observe(
          { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
    },
    taxCalled(seconds, outcome) {
      taxDuration.observe({ outcome }, seconds);
      if (!TAX_ANSWERS.has(outcome)) taxErrors.inc({ outcome });
    },
    telegramCalled(method, outcome) {
      if (TELEGRAM_SENDS.has(method)) telegramSends.inc({ method, outcome });
      if (outcome === 'rate_limited') telegramRateLimited.inc({ method });
    },
  };
}
