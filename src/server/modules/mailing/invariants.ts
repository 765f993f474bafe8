import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data after any sequence of requests, faults and restarts: a mailing's figures agree with its recipients. */
export const mailingInvariants: readonly Invariant[] = [
  {
    name: 'mailing_figures_equal_recipients',
    description: 'цифры рассылки (отправлено, ошибок, отписались, переходы) равны состояниям её получателей',
    query: `
      SELECT format('рассылка %s: отправлено %s, получателей в «отправлено» %s; ошибок %s, получателей с ошибкой %s; отписались %s, получателей «отписался» %s; переходов %s, перешедших получателей %s',
                    m.id, m.sent, coalesce(r.sent, 0), m.failed, coalesce(r.failed, 0), m.opted_out, coalesce(r.opted_out, 0), m.clicks, coalesce(r.clicks, 0)) AS detail
        FROM mailings m
        LEFT JOIN (SELECT mailing_id, count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'failed') AS failed,
                          count(*) FILTER (WHERE state = 'opted_out') AS opted_out, count(clicked_at) AS clicks
                     FROM mailing_recipients GROUP BY mailing_id) r ON r.mailing_id = m.id
       WHERE m.sent <> coalesce(r.sent, 0) OR m.failed <> coalesce(r.failed, 0)
          OR m.opted_out <> coalesce(r.opted_out, 0) OR m.clicks <> coalesce(r.clicks, 0)`,
  },
  {
    name: 'finished_mailing_has_no_open_recipients',
    description: 'у завершённой рассылки нет получателей, ожидающих отправки',
    query: `
      SELECT format('рассылка %s (%s): получатель %s ещё в состоянии %s', m.id, m.status, r.chat_id, r.state) AS detail
        FROM mailings m JOIN mailing_recipients r ON r.mailing_id = m.id
       WHERE m.status = 'done' AND r.state IN ('pending', 'sending')`,
  },
];
