import type { QueryFn } from '../db/connection.js';

export interface QueueBacklog {
  queue: string;
  /** Jobs due now and not yet taken. */
  waiting: number;
  /** Seconds since the oldest of them became due; 0 when none wait. */
  oldestAgeSeconds: number;
}

/**
 * Due jobs per queue, from pg-boss's own table (its getQueueSize counts the same rows, one queue a
 * call): one read for every queue, on the rows pg-boss keeps small (created and retried jobs).
 */
export async function readQueueBacklog(query: QueryFn): Promise<QueueBacklog[]> {
  const rows = await query<{ name: string; waiting: number; oldest: number | string | null }>(`
    SELECT q.name, count(j.id)::int AS waiting, coalesce(extract(epoch FROM now() - min(j.start_after)), 0) AS oldest
      FROM pgboss.queue q
      LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active' AND j.start_after <= now()
     WHERE q.name NOT LIKE '\\_\\_%'
     GROUP BY q.name`);
  return rows.map((row) => ({ queue: row.name, waiting: Number(row.waiting), oldestAgeSeconds: Math.max(0, Number(row.oldest)) }));
}
