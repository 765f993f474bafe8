// Trust: the action's guards (a hold for returns, caps, the suspicious-shopper threshold), cancels
// of a receipt's points and blocks of a shopper.

export const trustMessages = {
  sectionTitle: 'Защита от злоупотреблений',
  sectionHint: 'Баллы получают только настоящие покупки: удержание на срок возврата, лимиты и отметка подозрительных покупателей.',
  duplicatesWhy: 'Рекомендуем не снимать: иначе один чек, отправленный несколько раз, принесёт баллы и плату за проверку несколько раз.',
  holdDaysLabel: 'Удерживать баллы после покупки, дней',
  holdDaysHint:
    '0 — баллы доступны сразу. 14 дней покрывают срок возврата на Wildberries и Ozon: баллы за возвращённый товар не успеют потратить.',
  holdDaysRange: 'Удержание баллов — целое число дней от 0 до 60 (0 — без удержания).',
  maxReceiptsPerWeekLabel: 'Не больше чеков от одного покупателя за 7 дней',
  maxReceiptsPerWeekHint: 'Пусто — без лимита. Чек сверх лимита отклоняется до проверки в налоговой и не оплачивается.',
  maxReceiptsPerWeekRange: 'Лимит чеков за 7 дней — целое число от 1 до 1000 или пусто (без лимита).',
  maxPointsPerReceiptLabel: 'Не больше баллов за один чек',
  maxPointsPerReceiptHint: 'Пусто — без ограничения. Чек, который принёс бы больше, получает ровно этот предел.',
  maxPointsPerReceiptRange: 'Предел баллов за чек — целое число от 1 до 10 000 000 или пусто (без предела).',
  suspiciousPerHourLabel: 'Отмечать покупателя подозрительным, если за час больше чеков, чем',
  suspiciousPerHourHint: 'Покупатель не блокируется: он получает отметку в списке покупателей, решение за вами.',
  suspiciousPerHourRange: 'Порог подозрительной активности — целое число чеков в час от 1 до 1000.',
  commandLimitReachedLabel: 'Лимит чеков',

  // Suspicious shoppers: flagged by the check, never blocked by it.
  flagManyPerHour: 'Много чеков за час',
  flagManyPerHourDetail: 'Чеков за час: больше {limit} (порог акции).',
  flagOthersReceipts: 'Чужие чеки',
  flagOthersReceiptsDetail: 'Чеков, которые уже принесли баллы другим покупателям: {count}.',
  flaggedAt: 'отмечен {date}',
  suspiciousBadge: 'Подозрительный',
  suspiciousFilterLabel: 'Отметка',
  suspiciousFilterAll: 'Все покупатели',
  suspiciousFilterOnly: 'Подозрительные',
  suspiciousInvalid: 'Фильтр «Подозрительные»: 1 — только они, 0 — все покупатели.',
  suspiciousEmpty: 'Подозрительных покупателей нет.',

  // Blocking a shopper in an action, from their card.
  blockTitle: 'Блокировка',
  blockIntro:
    'Заблокированный покупатель не получает баллы: его чеки отклоняются до проверки в налоговой и бесплатно, обмен в магазине и бонусы бота ему недоступны. Баллы на счёте остаются.',
  blockButton: 'Заблокировать',
  blockDialogTitle: 'Заблокировать покупателя?',
  blockReasonLabel: 'Причина',
  blockReasonHint: 'Её видите только вы. Покупателю бот ответит, что он заблокирован продавцом.',
  blockReasonRequired: 'Укажите причину блокировки: от 1 до 500 символов.',
  unblockReasonTooLong: 'Причина разблокировки — не длиннее 500 символов.',
  blocking: 'Блокируем...',
  blockFailed: 'Не удалось заблокировать покупателя. Попробуйте позже.',
  blockedDone: 'Покупатель заблокирован.',
  blockReasonUpdated: 'Покупатель уже был заблокирован: причина обновлена.',
  blockedTitle: 'Покупатель заблокирован',
  blockedReason: 'Причина: {reason}',
  blockedWhen: 'Заблокирован {date}, кем: {who}.',
  unblockButton: 'Разблокировать',
  unblocking: 'Разблокируем...',
  unblockFailed: 'Не удалось разблокировать покупателя. Попробуйте позже.',
  unblockedDone: 'Покупатель разблокирован.',
  notBlocked: 'Покупатель не заблокирован в этой акции.',
  /** The Mini App's answer to a blocked shopper's exchange. */
  exchangeBlocked: 'Обмен баллов недоступен: продавец заблокировал вас в этой акции. Если это ошибка, напишите продавцу.',
} as const;
