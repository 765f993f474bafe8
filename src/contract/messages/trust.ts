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
} as const;
