/**
 * Every Russian text the server and the web app show, in one place.
 * Quoted SPEC texts (§2, §5, §8) appear here exactly once.
 */
export const messages = {
  common: {
    requestFailed: 'Не удалось выполнить запрос',
    notFound: 'Запрошенный ресурс не найден',
    forbidden: 'Доступ запрещён',
    unauthorized: 'Войдите в систему, чтобы продолжить',
    sessionExpired: 'Сессия истекла. Войдите снова.',
    badJson: 'Тело запроса не является корректным JSON',
    bodyTooLarge: 'Слишком большой запрос',
    unsupportedMediaType: 'Неподдерживаемый формат запроса',
    invalidInput: 'Проверьте правильность заполнения полей',
    internal: 'Внутренняя ошибка сервера. Попробуйте позже.',
    unknownUserRefresh: 'Не удалось определить пользователя. Попробуйте обновить страницу.',
    unknownUserSignIn: 'Не удалось определить пользователя. Войдите в систему и повторите попытку.',
    userNotFound: 'Пользователь не найден',
    dashboardLoadFailed: 'Не удалось загрузить данные кабинета',
    loading: 'Загрузка...',
  },
  validation: {
    required: 'Обязательное поле',
    nameRequired: 'Введите имя',
    nameTooLong: 'Имя не должно быть длиннее 100 символов',
    emailRequired: 'Введите email',
    emailInvalid: 'Введите корректный email',
    passwordRequired: 'Введите пароль',
    passwordTooShort: 'Пароль должен быть не менее 6 символов',
    passwordTooLong: 'Пароль должен быть не длиннее 128 символов',
    passwordsMismatch: 'Пароли не совпадают',
    confirmPasswordRequired: 'Повторите пароль',
    userIdInvalid: 'Некорректный идентификатор пользователя',
  },
  auth: {
    loginSuccess: 'Вход выполнен',
    loginFailed: 'Не удалось выполнить вход. Попробуйте ещё раз.',
    wrongCredentials: 'Неверный email или пароль',
    tooManyAttempts: 'Слишком много неудачных попыток входа. Попробуйте снова через {minutes} мин.',
    registerSuccess: 'Регистрация прошла успешно! Введите данные для входа.',
    registerFailed: 'Не удалось завершить регистрацию. Попробуйте ещё раз.',
    emailTaken: 'Пользователь с таким email уже зарегистрирован',
    logoutSuccess: 'Вы вышли из аккаунта',
  },
  /** Web app chrome shared by every area. */
  app: {
    productName: 'ScanApp',
    skipToContent: 'Перейти к содержимому',
    opensInNewTab: '(откроется в новой вкладке)',
    notFoundTitle: 'Страница не найдена',
    notFoundText: 'Такой страницы нет. Проверьте адрес или вернитесь на главную.',
    goHome: 'На главную',
    routeErrorTitle: 'Не удалось открыть страницу',
    routeErrorText: 'Обновите страницу. Если ошибка повторится, напишите в поддержку.',
    reload: 'Обновить страницу',
    comingSoon: 'Раздел появится в ближайшем обновлении.',
  },
  landing: {
    signIn: 'Войти в кабинет',
    heroTitle: 'Программа лояльности по чекам для продавцов маркетплейсов',
    heroText:
      'Покупатели сканируют чек покупки в чат-боте и получают баллы за ваши товары. Вы настраиваете акции и видите чеки и покупателей в личном кабинете.',
    register: 'Создать аккаунт',
  },
  /** Labels and buttons of the /login and /register screens. */
  authForms: {
    loginTitle: 'Вход в личный кабинет',
    registerTitle: 'Регистрация',
    registerLead: 'Создайте аккаунт продавца, чтобы настроить программу лояльности.',
    nameLabel: 'Имя',
    emailLabel: 'Email',
    passwordLabel: 'Пароль',
    confirmPasswordLabel: 'Подтверждение пароля',
    loginSubmit: 'Войти',
    loginPending: 'Вход...',
    registerSubmit: 'Зарегистрироваться',
    registerPending: 'Регистрация...',
    noAccount: 'Ещё нет аккаунта?',
    haveAccount: 'Уже есть аккаунт?',
    goToLogin: 'Войти в аккаунт',
    demoContact: 'Связаться с нами для демонстрации',
  },
  /** Seller cabinet layout: page titles double as navigation labels. */
  dashboard: {
    actionsTitle: 'Мои акции',
    shopTitle: 'Магазин',
    mailingTitle: 'Рассылки',
    historyTitle: 'История чеков',
    buyersTitle: 'Покупатели',
    tariffsTitle: 'Тарифы',
    actionCreateTitle: 'Новая акция',
    actionTitle: 'Акция',
    navLabel: 'Разделы кабинета',
    menuToggle: 'Меню',
    balance: 'Баланс',
    userId: 'ID: {id}',
    topUp: 'Пополнить',
    support: 'Поддержка',
    logout: 'Выйти',
    receiptsBadge: 'Чеков: {count}',
    demoBadge: 'Демо-режим',
    demoBadgeHint: 'Внешние сервисы заменены локальными эмуляторами',
  },
  topUp: {
    title: 'Пополнение баланса',
    cardComingSoon: 'Оплату картой мы сейчас подключаем.',
    bankTransfer: 'Пополнить баланс банковским переводом можно уже сейчас: напишите в поддержку, и мы пришлём счёт.',
    supportLink: 'Написать в поддержку',
    close: 'Закрыть',
  },
  actionPage: {
    invalidId: 'Указан некорректный идентификатор акции.',
  },
  publicShop: {
    title: 'Магазин баллов',
    comingSoon: 'Магазин откроется здесь в ближайшее время.',
  },
} as const;

/** Substitutes `{name}` placeholders of a catalogue text. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
