// The cabinet's frame and shared pieces: chrome, navigation, the guided start, the image field, confirmations.

/** Web app chrome shared by every area. */
export const appMessages = {
  productName: 'ScanApp',
  skipToContent: 'Перейти к содержимому',
  opensInNewTab: '(откроется в новой вкладке)',
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Такой страницы нет. Проверьте адрес или вернитесь на главную.',
  goHome: 'На главную',
  routeErrorTitle: 'Не удалось открыть страницу',
  routeErrorText: 'Обновите страницу. Если ошибка повторится, напишите в поддержку.',
  reload: 'Обновить страницу',
} as const;

/** Seller cabinet layout: page titles double as navigation labels. */
export const dashboardMessages = {
  actionsTitle: 'Мои акции',
  shopTitle: 'Магазин',
  mailingTitle: 'Рассылки',
  historyTitle: 'История чеков',
  buyersTitle: 'Покупатели',
  tariffsTitle: 'Тарифы',
  helpTitle: 'Помощь',
  actionCreateTitle: 'Новая акция',
  actionTitle: 'Акция',
  navLabel: 'Разделы кабинета',
  menuToggle: 'Меню',
  menuClose: 'Закрыть меню',
  balance: 'Баланс',
  balanceShort: 'Баланс: {amount}',
  userId: 'ID: {id}',
  topUp: 'Пополнить',
  support: 'Поддержка',
  logout: 'Выйти',
  receiptsBadge: 'Чеков: {count}',
  demoBadge: 'Демо-режим',
  demoBadgeHint: 'Внешние сервисы заменены локальными эмуляторами',
} as const;

/** The dashboard's guided start: a new seller's way from the first visit to a working bot. */
export const guidedStartMessages = {
  title: 'Запуск за три шага',
  intro: 'Акция, бот и оплата — и покупатели смогут присылать чеки.',
  stepsLabel: 'Шаги запуска',
  stepAction: 'Акция и бот',
  stepPayment: 'Оплата',
  stepReady: 'Бот готов',
  stepCurrent: '(вы здесь)',
  nameDefault: 'Моя акция',
  innsHint: 'ИНН, под которым вы продаёте на маркетплейсе: баллы начисляются только за ваши товары в чеке.',
  holdDaysHint:
    'Баллы за чек станут доступны через столько дней после покупки: 14 дней покрывают срок возврата товара на Wildberries и Ozon. 0 — сразу.',
  duplicatesForbidden:
    'Один чек приносит баллы один раз: повторная загрузка того же чека запрещена (это можно изменить в настройках акции).',
  innsDemoHint: 'Демо-режим: подставлен ИНН продавца из тестового чека.',
  tokenHowTo:
    'Откройте в Telegram @BotFather, отправьте /newbot, придумайте имя — он пришлёт токен вида 123456789:AAE…; вставьте его сюда.',
  demoToken: 'Подставить демо-бота',
  demoTokenHint: 'Демо-режим: бот работает в эмуляторе Telegram, без телефона.',
  next: 'Далее',
  back: 'Назад',
  paymentTitle: 'Что оплачивается',
  paymentDemoNote: 'Демо-режим: оплата эмулируется, деньги не списываются.',
  lineActivation: 'Активация аккаунта (один раз)',
  lineSubscription: 'Акция на {days}',
  lineReserve: 'Запас на {count} по {price}',
  lineBalance: 'Уже на балансе',
  lineTotal: 'К оплате',
  reserveNote: 'Запас остаётся на балансе и тратится на проверку чеков по тарифу. Цены — из действующего тарифа.',
  pay: 'Оплатить {amount} картой и запустить',
  launch: 'Запустить бота',
  paying: 'Переходим к оплате…',
  launching: 'Запускаем…',
  launchActivate: 'Активируем аккаунт',
  launchAction: 'Создаём акцию и подключаем бота',
  launchShop: 'Открываем магазин баллов',
  paymentPending: 'Ждём подтверждения оплаты…',
  paymentShort: 'Оплата не дошла или её не хватает: на балансе {balance}, нужно {needed}.',
  readyTitle: 'Бот готов: отправьте ему фото чека',
  readyText: 'Покупатель пишет боту @{bot}, присылает фото QR-кода с чека и сразу получает баллы.',
  readyOpenBot: 'Открыть бота в Telegram',
  readyDemoChat: 'Открыть демо-чат и отправить тестовый чек',
  readyToAction: 'Перейти к акции',
  launchFailed: 'Не удалось запустить: {reason}',
} as const;

/** The image field with a 3:4 preview (mailings, shop products; SPEC §5, §9). */
export const imagePickerMessages = {
  choose: 'Выбрать картинку',
  replace: 'Заменить картинку',
  remove: 'Убрать картинку',
  uploading: 'Загружаем картинку...',
  typeHint: 'PNG, JPEG или WebP.',
  previewAlt: 'Выбранная картинка',
} as const;

/** Cabinet polish: confirmations, top-up from a refusal, form and layout details. */
export const cabinetPolishMessages = {
  amountDueUnknown: '—',
  balanceNow: 'Сейчас на балансе: {balance}.',
  balanceAfterCharge: 'Баланс после списания: {balance}.',
  balanceMissing: 'Не хватает {missing}: пополните баланс, чтобы продолжить.',
  topUpShortfall: 'Пополнить',
  consentBeforeOffer: 'Нажимая «Зарегистрироваться», вы принимаете условия ',
  consentOfferLink: 'публичной оферты',
  consentBeforePrivacy: ' и соглашаетесь с ',
  consentPrivacyLink: 'политикой конфиденциальности',
  consentEnd: '.',
  repeatBadge: 'Повторный скан',
  paymentTabDone: 'Оплата завершена. Эту вкладку можно закрыть: кабинет в другой вкладке уже знает результат.',
  closeTab: 'Закрыть вкладку',
  repeatHint: 'Этот чек уже был принят в акции раньше: баллы начислены и плата за проверку списана ещё раз.',
  duplicatesOffHint:
    'Выключено (по умолчанию): один и тот же чек можно отправить снова, и каждый раз покупатель получит баллы, а с баланса спишется плата за проверку чека. В истории такие чеки отмечены «Повторный скан».',
  duplicatesOnHint: 'Включено: повторный чек отклоняется со статусом «Повторный чек» — баллы не начисляются, плата не списывается.',
} as const;
