/**
 * The buyers' side of the points shop without zod or the message catalogue: the constants and
 * texts the Telegram Mini App (`/shop/{token}`) needs. Its JavaScript budget is 80 KB gzip, so it
 * imports this module, never `shop.ts` or `messages.ts` (both re-export what is here: one source).
 */

/** The header a Mini App sends its Telegram-signed init data in (the raw `Telegram.WebApp.initData`). */
export const INIT_DATA_HEADER = 'x-telegram-init-data';
/** Signed init data older than this is refused (Telegram's advice: check `auth_date`). */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;
/** SPEC §9: the shop preloads the first 4 product images. */
export const PRELOADED_IMAGES = 4;
/** SPEC §7: after a successful exchange request the Mini App closes after this long. */
export const CLOSE_AFTER_PURCHASE_MS = 300;
/** SPEC §2: the shop waits for the Mini App environment, polling this often. */
export const TELEGRAM_POLL_MS = 200;
/** After Telegram's script has loaded, init data that has not appeared in this long means "not opened from Telegram". */
export const TELEGRAM_WAIT_MS = 3000;
/** A shop token in a link: 32 url-safe characters (≥ 128 random bits). */
export const SHOP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export const ORDER_STATUSES = ['pending', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An exchange request's status as the seller and the buyer see it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Ждёт подтверждения',
  fulfilled: 'Выдан',
  cancelled: 'Отменён',
};

/** The Mini App's address parameter that opens the daily bonus's wheel (`/shop/{token}?wheel=1`, the bot's button). */
export const WHEEL_QUERY = 'wheel';

/** `messages.publicShop`: every text of the buyers' shop (SPEC §8 Public shop, and ours). */
export const publicShopMessages = {
  title: 'Магазин баллов',
  drawsTitle: 'Розыгрыши',
  drawLine: 'Каждый принятый чек до {date} — билет.',
  drawPrize: 'Приз: {prize}',
  drawLink: 'Правила и проверка',
  linkInvalid: 'Ссылка магазина недействительна.',
  loadFailed: 'Не удалось загрузить товары магазина.',
  tokenNotFound: 'Токен магазина не найден.',
  telegramIdUnknown: 'Не удалось определить ваш Telegram ID. Пожалуйста, откройте магазин из Telegram.',
  purchaseFailed: 'Не удалось отправить запрос на обмен.',
  purchaseSent: 'Запрос на обмен отправлен. Дождитесь подтверждения в боте.',
  exchange: 'Обменять',
  productUnavailable: 'Этот товар больше недоступен для обмена.',
  outOfStock: 'Нет в наличии',
  notEnoughPoints: 'Не хватает баллов: нужно {price}, у вас {points}.',
  buyerMismatch: 'Запрос отправлен не от имени открывшего магазин покупателя.',
  announcement: 'Запрос на обмен принят: «{title}» за {price}. Осталось баллов: {points}. Продавец подтвердит обмен в этом чате.',
  fulfilledNotice: 'Обмен подтверждён: «{title}». Спасибо!',
  cancelledNotice: 'Обмен «{title}» отменён, на ваш счёт вернули {price}.',
  // The Mini App's own texts.
  loading: 'Загрузка товаров…',
  waitingForTelegram: 'Подключаемся к Telegram…',
  empty: 'Товаров пока нет',
  balance: 'Ваши баллы',
  /** Under the balance; `{points}` is the number with its word: «120 баллов сгорят 12.01.2027», «21 балл сгорит …». */
  nearestExpiry: '{points} сгорят {date}',
  nearestExpiryOne: '{points} сгорит {date}',
  /** Points held for the marketplaces' return window, by the day they become available; `{points}` with its word. */
  held: 'Ожидают зачисления: {points}, станут доступны {date}',
  level: 'Ваш уровень: «{level}» ({percent} баллами)',
  productsLabel: 'Товары',
  noImage: 'Без фото',
  /** The product a mailing announced (the shop opened from its button, `?product=<id>`): shown first. */
  announced: 'Новинка',
  confirmTitle: 'Обменять баллы?',
  confirmText: '«{title}» за {price}. Баллы спишутся сразу, продавец подтвердит обмен в боте.',
  confirm: 'Обменять',
  cancel: 'Отмена',
  sending: 'Отправляем…',
  ordersTitle: 'Ваши запросы на обмен',
  // The daily bonus's wheel of fortune.
  wheelTitle: 'Колесо фортуны',
  wheelLabel: 'Колесо фортуны: {count} секторов',
  wheelSpin: 'Крутить колесо',
  wheelSpinning: 'Колесо крутится…',
  wheelLoadFailed: 'Не удалось загрузить колесо фортуны.',
  wheelSpinFailed: 'Не удалось крутить колесо. Попробуйте ещё раз.',
} as const;

/** Fills `{name}` placeholders (the same rule as `fillMessage` in messages.ts, without its catalogue). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
