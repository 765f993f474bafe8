// Seller notices: what ScanApp tells a seller by e-mail and in Telegram, the profile's switches and
// the notification bot's answers. The folded-in balance and renewal mails keep their texts in `mail`.

export const sellerNoticesMessages = {
  // The profile's block.
  sectionTitle: 'Уведомления',
  sectionHint: 'Что ScanApp сообщает вам о делах акций. Каждое событие приходит один раз, со ссылкой на нужный экран кабинета.',
  eventColumn: 'Событие',
  emailColumn: 'Email',
  telegramColumn: 'Telegram',
  telegramTitle: 'Telegram',
  telegramLinked: 'Подключён: {username}',
  telegramLinkedNoUsername: 'Подключён',
  telegramNotLinked: 'Не подключён. Уведомления в Telegram придут, когда вы подключите бота уведомлений ScanApp.',
  telegramUnavailable: 'Уведомления в Telegram пока не настроены в ScanApp.',
  telegramConnect: 'Подключить Telegram',
  telegramOpenLink: 'Открыть бота уведомлений',
  telegramLinkHint: 'Откройте ссылку и нажмите «Запустить» в Telegram. Ссылка действует 15 минут и срабатывает один раз.',
  loadFailed: 'Не удалось загрузить настройки уведомлений.',
  saveFailed: 'Не удалось сохранить настройку уведомления. Попробуйте ещё раз.',
  linkFailed: 'Не удалось получить ссылку для подключения Telegram. Попробуйте ещё раз.',
  switchLabel: '{event} — {channel}',

  // Event names (the profile's rows).
  event_shop_order: 'Новая заявка на обмен в магазине',
  event_support_waiting: 'Вопрос в поддержку без ответа 15 минут',
  event_moderation_waiting: 'Заявка ждёт модерации',
  event_promo_codes_low: 'Заканчиваются промокоды',
  event_suspicious_shopper: 'Подозрительный покупатель',
  event_balance_low: 'Баланс заканчивается',
  event_action_suspended: 'Акции приостановлены',
  event_subscription_ending: 'Акция скоро закончится (за 3 дня)',
  event_subscription_ended: 'Акция закончилась',
  event_mailing_finished: 'Рассылка завершена',
  event_daily_digest: 'Итоги дня',
  event_webhook_disabled: 'Вебхук отключён после 3 дней ошибок',

  // Bad input.
  switchInvalid: 'Переключатель уведомления — true или false.',
  unknownEvent: 'Неизвестное событие уведомлений.',
  unknownChannel: 'Каналы уведомлений — email и telegram.',
  telegramNotConfigured: 'Уведомления в Telegram пока не настроены в ScanApp.',
  botTokenInvalid: 'Токен бота уведомлений — как его выдаёт @BotFather: 123456789:AA… (цифры, двоеточие, 35 символов).',
  botTokenRefused: 'Telegram не принял токен бота уведомлений. Проверьте его в @BotFather.',

  // The notification bot's answers.
  botLinked:
    'Готово: уведомления ScanApp для кабинета {email} будут приходить сюда. Выбрать события можно в профиле кабинета. Отключить: /stop',
  botCodeInvalid: 'Ссылка для подключения устарела или уже использована. Получите новую в профиле кабинета ScanApp: «Подключить Telegram».',
  botHello: 'Это бот уведомлений ScanApp. Чтобы получать уведомления, нажмите «Подключить Telegram» в профиле кабинета.',
  botStopped: 'Уведомления ScanApp в этот чат отключены. Подключить снова можно в профиле кабинета.',

  // The notices: a title, lines, a link to the screen.
  shopOrderTitle: 'Новая заявка на обмен баллов',
  shopOrderLine: 'Акция «{action}»: покупатель {buyer} обменивает {points} на «{product}».',
  shopOrderLink: 'Открыть заявки',
  supportWaitingTitle: 'Покупатель ждёт ответа',
  supportWaitingLine: 'Акция «{action}»: вопрос покупателя {buyer} без ответа больше 15 минут.',
  supportWaitingLink: 'Ответить',
  moderationWaitingTitle: 'Заявка ждёт модерации',
  moderationWaitingLine: 'Акция «{action}»: покупатель {buyer} прислал заявку на баллы. Проверьте её.',
  moderationWaitingLink: 'Открыть модерацию',
  promoCodesLowTitle: 'Заканчиваются промокоды',
  promoCodesLowLine: 'Акция «{action}»: свободных промокодов осталось {count}. Загрузите новые, чтобы покупатели их получали.',
  promoCodesLowLink: 'Открыть акцию',
  suspiciousTitle: 'Подозрительный покупатель',
  suspiciousLine: 'Акция «{action}»: покупатель {buyer} отмечен — «{reason}». Он не заблокирован, решение за вами.',
  suspiciousLink: 'Открыть карточку покупателя',
  subscriptionEndedTitle: 'Акция закончилась',
  subscriptionEndedLine:
    '30 дней акции «{action}» истекли: бот больше не принимает чеки. Продлите акцию, чтобы покупатели снова получали баллы.',
  subscriptionEndedLink: 'Открыть акцию',
  mailingFinishedTitle: 'Рассылка завершена',
  mailingFinishedLine: 'Рассылка «{text}» отправлена: доставлено {sent} из {total}, не доставлено {failed}.',
  mailingFinishedLink: 'Открыть рассылки',
  digestTitle: 'Итоги за {date}',
  digestReceipts: 'Принято: {accepted}; отклонено: {refused}.',
  digestBuyers: 'Новых покупателей: {count}.',
  digestPoints: 'Начислено покупателям: {points}.',
  digestFees: 'Списано за проверки: {fees}.',
  digestLink: 'Открыть аналитику',
} as const;
