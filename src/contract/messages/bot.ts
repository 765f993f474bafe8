// The action's Telegram bot: Telegram's refusals, the bot's conversation and the bot functions' switches.

/** Why a Telegram call failed, for sellers (mailings, the points shop, the shoppers' bot). */
export const telegramMessages = {
  blocked: 'Пользователь заблокировал бота',
  chatNotFound: 'Чат не найден: пользователь ещё не писал боту',
  notStarted: 'Покупатель не запускал этого бота: Telegram не разрешает боту писать первым',
  rateLimited: 'Telegram ограничил частоту отправки',
  unauthorized: 'Неверный токен бота',
  unavailable: 'Telegram недоступен',
  rejected: 'Telegram отклонил запрос: {description}',
} as const;

/** ScanApp's own shoppers' bot: what it says in Telegram, and the action form's bot section. */
export const botMessages = {
  greeting:
    'Здравствуйте! Это бот акции «{name}».\n\nСфотографируйте QR-код на кассовом чеке покупки и пришлите фото сюда: мы проверим чек в налоговой и начислим баллы. Можно прислать и текст из QR-кода.',
  balanceButton: 'Мои баллы',
  // The commands' descriptions in the chat's «Menu» list (Telegram: 1–256 characters each).
  commandStart: 'Начать: как получить баллы за чек',
  commandMenu: 'Меню бота',
  commandBalance: 'Мои баллы и последние чеки',
  commandWarranty: 'Мои гарантии на товары',
  shopButton: 'Магазин',
  balance: 'Ваши баллы в акции «{name}»: {points}.',
  lastReceipts: 'Последние чеки:',
  receiptLine: '{date} — {status}',
  noReceiptsYet: 'Чеков пока нет: пришлите фото QR-кода с чека.',
  newBalance: 'Ваш баланс: {points}.',
  noQrFound:
    'Не нашли QR-код на фото. Сфотографируйте код на чеке крупно и ровно, при хорошем свете, чтобы он занимал большую часть кадра, и пришлите ещё раз.',
  notAnImage: 'Пришлите фото чека (JPEG или PNG) или текст из его QR-кода.',
  help: 'Пришлите фото QR-кода с кассового чека или нажмите «Мои баллы».',
  tooFast: 'Слишком много сообщений подряд. Подождите минуту и пришлите чек снова.',
  tokenTaken: 'Этот бот уже подключён к другой акции: один бот обслуживает одну акцию.',
  // The action form's «Telegram-бот ScanApp» and the action page's demo links.
  formTitle: 'Telegram-бот ScanApp',
  formHint:
    'ScanApp сам ведёт бота акции: покупатель присылает фото QR-кода с чека и сразу получает баллы и ваш ответ из «Команд бота». Создайте бота в Telegram у @BotFather командой /newbot и вставьте сюда токен, который он пришлёт (вида 123456789:AAE…).',
  tokenLabel: 'Токен Telegram-бота',
  tokenKeepHint:
    'Токен сохранён и показан частично. Оставьте как есть, чтобы бот продолжал работать; очистите поле и сохраните, чтобы отключить бота от акции.',
  connectedBot: 'Бот акции:',
  openDemoChat: 'Открыть демо-чат с ботом',
  downloadQr: 'Скачать QR-код',
  downloadQrFailed: 'Не удалось скачать QR-код чека.',
  downloadQrHint: 'Загрузите картинку в демо-чат с ботом как фото чека.',
} as const;

// The bot's engagement functions: «Функции бота» and GET/PUT /projects/{id}/features.
export const botFeaturesMessages = {
  title: 'Функции бота',
  menuIntro: 'Что ещё умеет бот акции «{name}»:',
  moreButton: 'Ещё',
  moreIntro: 'Ещё функции бота:',
  menuOrderInvalid: 'Порядок кнопок — список (order) их ключей, как их отдаёт GET, до 100 штук.',
  menuOrderRepeat: 'Каждая кнопка может стоять в порядке только один раз.',
  menuOrderSaved: 'Порядок кнопок меню сохранён.',
  menuOrderTitle: 'Порядок кнопок в меню бота',
  menuOrderHint:
    'В одном сообщении бот показывает не больше 8 кнопок вместе с «Мои баллы» и магазином, остальные — под кнопкой «Ещё». Поставьте главные наверх.',
  menuOrderEmpty: 'Пока в меню нет кнопок функций: включите функции выше.',
  menuOrderLoading: 'Загружаем кнопки меню…',
  menuOrderLoadFailed: 'Не удалось загрузить кнопки меню.',
  menuOrderSaveFailed: 'Не удалось сохранить порядок кнопок.',
  menuOrderSave: 'Сохранить порядок',
  menuOrderSaving: 'Сохраняем…',
  menuOrderUp: 'Выше: «{text}»',
  menuOrderDown: 'Ниже: «{text}»',
  menuCommandHint: 'Меню функций бота — команда /menu.',
  unknownButton: 'Эта кнопка больше не работает. Откройте меню: /menu.',
  featureOff: 'Эта функция сейчас выключена.',
  settingsInvalid: 'Настройки функций — объект с разделами referral, birthday, daily_bonus, reviews, photos, support.',
  enabledInvalid: 'Укажите, включена ли функция: true или false.',
  pointsInvalid: 'Баллы — целое число от 0 до 1 000 000.',
  monthlyCapInvalid: 'Лимит приглашений в месяц — целое число от 0 до 10 000 (0 — без лимита).',
  minDaysKnownInvalid: 'Сколько дней назад должна быть указана дата — целое число от 0 до 366.',
  dailyRangeInvalid: 'Ежедневный бонус: минимум и максимум — целые числа от 0 до 100 000, минимум не больше максимума.',
  saved: 'Функции бота сохранены.',
  nameReferral: 'Пригласить друга',
  nameBirthday: 'День рождения',
  nameDailyBonus: 'Ежедневный бонус',
  nameReviews: 'Баллы за отзывы',
  namePhotos: 'Баллы за фото с товаром',
  nameSupport: 'Написать в поддержку',
} as const;

export const botFeaturesPageMessages = {
  intro: 'Включите функции, которые бот акции предложит покупателям в меню (/menu), и задайте баллы за каждую.',
  enabled: 'Включена',
  referrerPoints: 'Баллы пригласившему',
  friendPoints: 'Баллы другу',
  monthlyCap: 'Лимит приглашений в месяц',
  monthlyCapHint: '0 — без лимита. Считаются приглашения с начисленными баллами за календарный месяц (по Москве).',
  referralHint: 'Покупатель получает личную ссылку; баллы начисляются обоим после первого успешного чека нового покупателя.',
  birthdayPoints: 'Баллы в день рождения',
  minDaysKnown: 'Дата известна не меньше, дней',
  dailyMin: 'Минимум баллов',
  dailyMax: 'Максимум баллов',
  reviewsPoints: 'Баллы за одобренный отзыв',
  photosPoints: 'Баллы за одобренное фото',
  reviewsHint:
    'Правила маркетплейса могут запрещать вознаграждение за отзывы — проверьте их перед включением. Бот просит честный отзыв и никогда — оценку.',
  save: 'Сохранить функции',
  saving: 'Сохраняем…',
  loading: 'Загружаем функции бота…',
  loadFailed: 'Не удалось загрузить функции бота.',
  saveFailed: 'Не удалось сохранить функции бота.',
  otherTitle: 'Опросы, розыгрыши и модерация',
  surveysLink: 'Опросы и викторины',
  drawsLink: 'Розыгрыши',
  moderationLink: 'Модерация отзывов и фото',
  supportHint: 'Покупатель пишет вопрос боту, вы отвечаете в разделе «Сообщения» — включайте, если готовы отвечать.',
  supportLink: 'Сообщения покупателей',
  // The functions' cards: what each does in one line, its state as the bot has it now, its settings one click away.
  stateOn: 'включена',
  stateOff: 'выключена',
  setUp: 'Настроить',
  setUpLabel: 'Настроить: {name}',
  summaryReferral: 'Личная ссылка для друзей: баллы обоим после первого чека друга.',
  summaryBirthday: 'Бот узнаёт дату рождения и в этот день дарит баллы.',
  summaryDailyBonus: 'Раз в день покупатель получает случайные баллы.',
  summaryReviews: 'Скриншот отзыва — баллы после вашей проверки.',
  summaryPhotos: 'Фото с товаром — баллы после вашей проверки.',
  summarySupport: 'Покупатель пишет боту, вы отвечаете в «Сообщениях».',
} as const;
