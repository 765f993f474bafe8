/**
 * Editable content of the public pages (landing, footer, offer, privacy policy):
 * texts, brands, example projects, FAQ, the operator's legal details and the video.
 * An operator changes the site here, without touching components.
 *
 * The public pages take their texts from here rather than from `src/contract/messages.ts`:
 * the catalogue grows with every cabinet screen, and the landing keeps a fixed JavaScript
 * budget (see docs/decisions.md). Images live in `src/web/public/landing/`.
 */

/** Public address of the site: Open Graph tags, the offer's "site" and sitemap.xml use it. PLACEHOLDER. */
export const siteOrigin = 'https://scanapp.ru';

/**
 * The operator (seller of the service). PLACEHOLDERS: invented details of the right
 * shape; replace every field with the real ones before launch.
 */
export const operator = {
  fullName: 'Индивидуальный предприниматель Иванов Иван Иванович',
  shortName: 'ИП Иванов Иван Иванович',
  inn: '771234567890',
  ogrnip: '325774600012345',
  address: '123456, г. Москва, ул. Примерная, д. 1, офис 1',
  bank: 'АО «Банк Пример»',
  account: '40802810000000012345',
  correspondentAccount: '30101810400000000225',
  bik: '044525225',
  email: 'hello@scanapp.ru',
  phone: '+7 900 000-00-00',
} as const;

/** Texts of the chrome shared by every public page: header, footer, skip link. */
export const site = {
  productName: 'ScanApp',
  skipToContent: 'Перейти к содержимому',
  opensInNewTab: '(откроется в новой вкладке)',
  signIn: 'Войти в кабинет',
  home: 'На главную',
  backHome: 'Вернуться на главную',
  footerTagline: 'ScanApp — программа лояльности для продавцов и брендов на маркетплейсах.',
  footerNavLabel: 'Документы',
  offerLink: 'Публичная оферта',
  privacyLink: 'Политика конфиденциальности',
  legalTitle: 'Исполнитель',
  innLabel: 'ИНН',
  ogrnipLabel: 'ОГРНИП',
  emailLabel: 'Эл. почта',
  copyright: '© 2025 ScanApp',
  imageFallbackIcon: 'Изображение не загрузилось',
} as const;

/** Title and description of each public page (document.title, meta description, Open Graph). */
export const pageMeta = {
  landing: {
    title: 'ScanApp — программа лояльности по чекам для продавцов маркетплейсов',
    description:
      'Переводим до 13% покупок с Wildberries, Ozon и Яндекс Маркета в вашу базу лояльности: чат-бот проверяет чеки через ФНС и начисляет баллы. Запуск за 21 день.',
  },
  offer: {
    title: 'Публичная оферта — ScanApp',
    description: 'Публичная оферта на оказание информационно-консультационных услуг сервиса ScanApp от 28 октября 2025 г.',
  },
  privacy: {
    title: 'Политика конфиденциальности — ScanApp',
    description: 'Политика обработки персональных данных сервиса ScanApp: правовые основания, цели, права субъектов и платёжные данные.',
  },
} as const;

/**
 * The hero's video: the external player is inserted only when the visitor presses play.
 * The server's CSP `frame-src` must allow the player's origin (https://rutube.ru).
 * PLACEHOLDER video id: put the real embed address here.
 */
export const video = {
  embedUrl: 'https://rutube.ru/play/embed/0a1b2c3d4e5f60718293a4b5c6d7e8f9?autoplay=1',
  title: 'Видеообзор ScanApp: как покупатель получает баллы за чек',
  poster: '/landing/video-poster.svg',
  posterWidth: 640,
  posterHeight: 360,
  play: 'Смотреть видео',
  duration: '3 минуты',
} as const;

export const hero = {
  eyebrow: 'Программа лояльности по чекам для маркетплейсов',
  title: 'Переводим до 13% покупок с маркетплейсов в вашу собственную базу лояльности',
  benefitsLabel: 'Что это даёт',
  benefits: [
    'Покупатель сканирует чек в чат-боте — и вы знаете, кто купил ваш товар на Wildberries, Ozon или Яндекс Маркете',
    'Каждый чек проверяется через ФНС: баллы получают только настоящие покупатели ваших товаров',
    'Баллы, розыгрыши и магазин подарков приводят покупателя за повторной покупкой',
    'Запуск под ключ за 21 день — без своих программистов и интеграций с площадками',
  ],
  demo: 'Запросить демонстрацию',
  demoHint: 'Эксперт покажет бота и кабинет в Telegram',
  stats: [
    { value: 'до 13%', label: 'покупок переходят в вашу базу' },
    { value: '24', label: 'функции бота' },
    { value: '20+', label: 'запущенных проектов' },
    { value: '21 день', label: 'от брифа до запуска' },
  ],
} as const;

export const receiptScanner = {
  title: 'Сканер чеков проверяет каждую покупку',
  lead: 'Покупатель отправляет боту QR-код с чека из личного кабинета маркетплейса или из письма. ScanApp получает чек из ФНС и за несколько секунд проверяет его по условиям акции.',
  checks: [
    {
      title: 'В чеке есть товары вашего бренда',
      text: 'Сверяем ИНН продавца в каждой позиции: баллы начисляются за ваши товары, а не за всю корзину покупателя.',
    },
    {
      title: 'Нужный товар — по названию',
      text: 'Для акции на конкретную модель или линейку бот ищет товар по ключевым словам в названии позиции.',
    },
    {
      title: 'Сумма покупки не меньше минимальной',
      text: 'Задайте порог суммы — чеки на меньшую сумму в акции не участвуют.',
    },
    {
      title: 'Покупка в сроки акции',
      text: 'Дата покупки должна попадать в период акции: старые чеки бот вежливо отклоняет.',
    },
    {
      title: 'Один чек — одно начисление',
      text: 'Повторная загрузка того же чека не пройдёт, даже с другого аккаунта в мессенджере.',
    },
  ],
  marketplacesTitle: 'Принимаем чеки с маркетплейсов',
  marketplacesNote: 'и из любых магазинов, которые выдают кассовый чек с QR-кодом',
} as const;

/** Neutral text marks drawn for this site (not the marketplaces' own artwork), 40 px high. */
export const marketplaces = [
  { name: 'Wildberries', logo: '/landing/marketplaces/wildberries.svg', width: 180 },
  { name: 'Ozon', logo: '/landing/marketplaces/ozon.svg', width: 96 },
  { name: 'Яндекс Маркет', logo: '/landing/marketplaces/yandex-market.svg', width: 204 },
  { name: 'МегаМаркет', logo: '/landing/marketplaces/megamarket.svg', width: 168 },
  { name: 'Lamoda', logo: '/landing/marketplaces/lamoda.svg', width: 119 },
] as const;

export const features = {
  title: '24 функции бота для повторных продаж',
  lead: 'Собираем бота из готовых модулей под задачи вашего бренда — от начисления баллов до розыгрышей и рассылок.',
  items: [
    { title: 'Баллы за чеки', text: 'Покупатель сканирует чек и сразу получает баллы за ваши товары.' },
    { title: 'Магазин подарков за баллы', text: 'Витрина в мини-приложении: баллы обмениваются на товары и бонусы бренда.' },
    { title: 'Баллы за отзывы', text: 'Поощряйте отзывы с фото на маркетплейсе — рейтинг карточки растёт.' },
    { title: 'Розыгрыши призов', text: 'Регулярные розыгрыши среди участников с прозрачным выбором победителей.' },
    { title: 'Розыгрыш за покупку товара', text: 'Купил определённый товар — автоматически участвуешь в розыгрыше.' },
    { title: 'Опрос покупателей', text: 'Узнайте, что нравится и чего не хватает, прямо в чате с ботом.' },
    { title: 'Дни рождения и поздравления', text: 'Бот собирает даты рождения и поздравляет подарком или бонусом.' },
    { title: 'Реферальная программа', text: 'Баллы за приглашённых друзей, которые совершили покупку.' },
    { title: 'Регулярные рассылки', text: 'Новинки, акции и напоминания всем участникам или выбранной группе.' },
    { title: 'Уровни лояльности', text: 'Статусы по сумме покупок с повышенным процентом баллов.' },
    { title: 'Промокоды на следующую покупку', text: 'Персональные промокоды в ответ на загруженный чек.' },
    { title: 'Электронная гарантия', text: 'Регистрация покупки по чеку и продлённая гарантия на товар.' },
    { title: 'Инструкции и видеообзоры', text: 'Бот отправляет инструкцию и советы по уходу за купленным товаром.' },
    { title: 'Ответы на частые вопросы', text: 'Размеры, составы, сроки доставки — без ожидания менеджера.' },
    { title: 'Связь с поддержкой', text: 'Вопрос из бота попадает вашему менеджеру вместе с историей покупок.' },
    { title: 'Викторины о бренде', text: 'Короткие игры с баллами за правильные ответы удерживают внимание.' },
    { title: 'Ежедневный бонус', text: 'Колесо фортуны или бонус за вход — повод открывать бота каждый день.' },
    { title: 'Кешбэк за повторную покупку', text: 'Повышенные баллы за вторую и последующие покупки.' },
    { title: 'Напоминания о сгорании баллов', text: 'Бот напоминает о баллах, которые скоро сгорят, и возвращает покупателя.' },
    { title: 'Анонсы новинок', text: 'Подписчики первыми узнают о новых товарах и предзаказах.' },
    { title: 'Баллы за фото с товаром', text: 'Покупатели делятся фотографиями — у вас контент для соцсетей и карточек.' },
    { title: 'Сегменты покупателей', text: 'Группы по товарам, сумме и дате покупки для точных рассылок.' },
    { title: 'Выгрузка базы покупателей', text: 'Контакты и история чеков — ваша собственная база, а не площадки.' },
    { title: 'Аналитика в кабинете', text: 'Чеки, покупатели и суммы по каждой акции в реальном времени.' },
  ],
  bannerTitle: 'Пришлём презентацию с разбором 11 способов влияния на продажи',
  bannerText: 'На встрече эксперт покажет, какие из 24 функций дадут результат именно в вашей категории.',
  bannerButton: 'Получить презентацию',
} as const;

/**
 * Real screenshots of the cabinet, made by `scripts/screenshots.ts` from demo data
 * (`npm run screenshots` re-makes them after the cabinet changes).
 */
export const platform = {
  title: 'Платформа: всё управление программой в одном кабинете',
  lead: 'Личный кабинет ScanApp работает в браузере: акции, чеки, покупатели, магазин баллов и рассылки.',
  screens: [
    {
      title: 'Создавайте акции',
      text: 'Укажите ИНН продавца, процент баллов и срок действия чека — акция начнёт принимать чеки сразу после создания.',
      image: '/screenshots/create-action',
    },
    {
      title: 'Смотрите аналитику',
      text: 'Сколько чеков загружено, сколько покупателей участвует и во что обходится проверка одного чека.',
      image: '/screenshots/analytics',
    },
    {
      title: 'Удобная настройка',
      text: 'Все акции на одной странице: статус, срок подписки и число чеков по каждой.',
      image: '/screenshots/setup',
    },
  ],
  /** Size of the saved screenshots (wide version; a 640 px version sits beside it). */
  imageWidth: 1280,
  imageHeight: 800,
} as const;

/** Fictional example brands. PLACEHOLDERS: replace with real clients and their bots. */
export const brands = {
  title: 'Бренды, которые уже собирают свою базу',
  items: [
    { name: 'Мягкий дом', logo: '/landing/brands/myagkiy-dom.svg' },
    { name: 'Зелёная полка', logo: '/landing/brands/zelyonaya-polka.svg' },
    { name: 'Кроха Плюс', logo: '/landing/brands/kroha-plus.svg' },
    { name: 'ТехноЛис', logo: '/landing/brands/tehnolis.svg' },
    { name: 'Пушистый друг', logo: '/landing/brands/pushistyy-drug.svg' },
    { name: 'Спорт Лайн', logo: '/landing/brands/sport-line.svg' },
    { name: 'Домашний пекарь', logo: '/landing/brands/domashniy-pekar.svg' },
    { name: 'Арома Лаб', logo: '/landing/brands/aroma-lab.svg' },
  ],
} as const;

export const implementation = {
  title: 'Запуск за 21 день — в четыре шага',
  lead: 'Берём на себя всю работу: от сценария бота до первых рассылок.',
  steps: [
    {
      days: 'Дни 1–5',
      title: 'Подробная логика бота',
      text: 'Разбираем ассортимент и цели, описываем сценарии: за что начислять баллы, какие призы и акции запускать.',
    },
    {
      days: 'Дни 6–10',
      title: 'Согласование текстов и дизайна',
      text: 'Пишем сообщения бота голосом бренда и оформляем магазин подарков в вашем стиле.',
    },
    {
      days: 'Дни 11–17',
      title: 'Сборка и тестирование',
      text: 'Собираем бота, подключаем проверку чеков и кабинет, проверяем каждый сценарий на реальных чеках.',
    },
    {
      days: 'Дни 18–21',
      title: 'Помощь с рассылками и ведением бота',
      text: 'Запускаем бота, готовим первые рассылки и подсказываем, как растить базу и повторные продажи.',
    },
  ],
} as const;

/** Fictional example bots. PLACEHOLDERS: logos, texts and bot links of real projects go here. */
export const projects = {
  title: 'Более 20 запущенных проектов',
  lead: 'Несколько ботов, которые мы собрали для брендов из разных категорий.',
  viewBot: 'Посмотреть бота',
  items: [
    {
      name: 'Мягкий дом',
      category: 'Текстиль для дома',
      text: 'Баллы за каждый комплект постельного белья и ежемесячный розыгрыш пледов среди покупателей.',
      logo: '/landing/brands/myagkiy-dom.svg',
      botUrl: 'https://t.me/myagkiy_dom_bonus_bot',
    },
    {
      name: 'Зелёная полка',
      category: 'Натуральная косметика',
      text: 'Баллы за чеки и отзывы с фото, подарочные наборы в магазине баллов.',
      logo: '/landing/brands/zelyonaya-polka.svg',
      botUrl: 'https://t.me/zelyonaya_polka_bot',
    },
    {
      name: 'Кроха Плюс',
      category: 'Детские товары',
      text: 'Бот собирает даты рождения детей, поздравляет семью и дарит бонус к празднику.',
      logo: '/landing/brands/kroha-plus.svg',
      botUrl: 'https://t.me/kroha_plus_club_bot',
    },
    {
      name: 'ТехноЛис',
      category: 'Электроника и аксессуары',
      text: 'Электронная гарантия по чеку, инструкции к гаджетам и баллы за отзыв на маркетплейсе.',
      logo: '/landing/brands/tehnolis.svg',
      botUrl: 'https://t.me/tehnolis_service_bot',
    },
    {
      name: 'Пушистый друг',
      category: 'Товары для животных',
      text: 'Напоминания о повторной покупке корма, реферальная программа и викторины для владельцев.',
      logo: '/landing/brands/pushistyy-drug.svg',
      botUrl: 'https://t.me/pushistyy_drug_bot',
    },
    {
      name: 'Спорт Лайн',
      category: 'Спорт и отдых',
      text: 'Розыгрыш за покупку тренажёра, челленджи с баллами и рассылка программ тренировок.',
      logo: '/landing/brands/sport-line.svg',
      botUrl: 'https://t.me/sport_line_team_bot',
    },
  ],
} as const;

export const callToAction = {
  title: 'Узнайте, сколько покупателей можно вернуть в вашу базу',
  text: 'Покажем бота на примере вашей категории и разберём 11 способов влияния на продажи, которые работают на маркетплейсах.',
  button: 'Записаться на демонстрацию',
} as const;

export const faq = {
  title: 'Частые вопросы',
  items: [
    {
      question: 'Как работает проверка чеков через ФНС?',
      answer:
        'Маркетплейс выдаёт покупателю кассовый чек, и каждый такой чек регистрируется в Федеральной налоговой службе. Покупатель отправляет боту QR-код чека, ScanApp получает из ФНС его содержимое — позиции, ИНН продавцов, сумму и дату — и проверяет условия акции. Подделать чек или загрузить один и тот же дважды не получится.',
    },
    {
      question: 'Сколько времени занимает внедрение?',
      answer:
        '21 день от брифа до запуска: логика бота, согласование текстов и дизайна, сборка с тестированием и помощь с первыми рассылками. Простую акцию с баллами за чеки можно запустить в кабинете самостоятельно за один вечер.',
    },
    {
      question: 'Какие маркетплейсы поддерживаются?',
      answer:
        'Wildberries, Ozon, Яндекс Маркет, МегаМаркет, Lamoda и любые другие площадки и магазины, которые выдают кассовый чек с QR-кодом. Для начисления баллов важен ИНН продавца в чеке, а не площадка.',
    },
    {
      question: 'Можно ли настроить бота под мой бренд?',
      answer:
        'Да. Тексты, оформление, набор функций, призы и правила начисления баллов настраиваются под ваш бренд и аудиторию. Бот говорит голосом бренда, а в магазине подарков — ваши товары.',
    },
  ],
} as const;

export const finalContact = {
  title: 'Остались вопросы? Напишите эксперту',
  text: 'Ответим в Telegram в течение рабочего дня и подготовим демонстрацию под ваш бренд.',
  button: 'Написать в Telegram',
} as const;
