import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data: the birthdays kept apart for a segment's count, and the month kept on each balance and each buyer's statistics, agree with their sources. */
export const birthdayInvariants: readonly Invariant[] = [
  {
    name: 'birthday_outsiders_equal_birthdays',
    description: 'дни рождения тех, кто ещё не покупатель акции (нет ни покупок, ни баллов), записаны отдельно ровно они и с их месяцем',
    query: `
      SELECT format('акция %s, покупатель %s: записан месяц %s, по дням рождения и покупателям %s',
                    coalesce(o.project_id, e.project_id), coalesce(o.buyer_tg_id, e.buyer_tg_id),
                    coalesce(o.month::text, 'нет'), coalesce(e.month::text, 'нет')) AS detail
        FROM buyer_birthday_outsiders o
        FULL JOIN (SELECT b.project_id, b.buyer_tg_id, b.month FROM buyer_birthdays b
                    WHERE NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = b.project_id AND s.buyer_tg_id = b.buyer_tg_id)
                      AND NOT EXISTS (SELECT 1 FROM buyer_points p WHERE p.project_id = b.project_id AND p.buyer_tg_id = b.buyer_tg_id)) e
          ON e.project_id = o.project_id AND e.buyer_tg_id = o.buyer_tg_id
       WHERE o.buyer_tg_id IS NULL OR e.buyer_tg_id IS NULL OR o.month <> e.month`,
  },
  {
    name: 'balance_birthday_month_equals_birthday',
    description:
      'месяц дня рождения, записанный при баллах покупателя, равен месяцу его дня рождения в акции (пусто, если дня рождения нет)',
    query: `
      SELECT format('акция %s, покупатель %s: при баллах месяц %s, день рождения в месяце %s',
                    p.project_id, p.buyer_tg_id, coalesce(p.birthday_month::text, 'нет'), coalesce(b.month::text, 'нет')) AS detail
        FROM buyer_points p
        LEFT JOIN buyer_birthdays b ON b.project_id = p.project_id AND b.buyer_tg_id = p.buyer_tg_id
       WHERE p.birthday_month IS DISTINCT FROM b.month`,
  },
  {
    name: 'stats_birthday_month_equals_birthday',
    description:
      'месяц дня рождения, записанный при покупках покупателя, равен месяцу его дня рождения в акции (пусто, если дня рождения нет)',
    query: `
      SELECT format('акция %s, покупатель %s: при покупках месяц %s, день рождения в месяце %s',
                    s.project_id, s.buyer_tg_id, coalesce(s.birthday_month::text, 'нет'), coalesce(b.month::text, 'нет')) AS detail
        FROM buyer_stats s
        LEFT JOIN buyer_birthdays b ON b.project_id = s.project_id AND b.buyer_tg_id = s.buyer_tg_id
       WHERE s.birthday_month IS DISTINCT FROM b.month`,
  },
];
