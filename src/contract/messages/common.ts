// Texts every area shares: request errors, form validation, the service's own endpoints and the demo clock.

export const commonMessages = {
  requestFailed: 'Не удалось выполнить запрос',
  notFound: 'Запрошенный ресурс не найден',
  forbidden: 'Доступ запрещён',
  unauthorized: 'Войдите в систему, чтобы продолжить',
  sessionExpired: 'Сессия истекла. Войдите снова.',
  badJson: 'Тело запроса не является корректным JSON',
  bodyTooLarge: 'Слишком большой запрос',
  unsupportedMediaType: 'Неподдерживаемый формат запроса',
  invalidInput: 'Проверьте правильность заполнения полей',
  invalidCharacters: 'Поле «{field}» содержит недопустимые символы',
  badUrl: 'Некорректный адрес запроса',
  urlTooLong: 'Слишком длинный адрес запроса',
  badRequest: 'Некорректный запрос',
  requestTimeout: 'Истекло время ожидания запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  serviceUnavailable: 'Сервис временно недоступен. Попробуйте позже.',
  /** Any request but the probes while the server migrates and starts (it listens from the first moment). */
  starting: 'Сервис запускается. Попробуйте через несколько секунд.',
  internal: 'Внутренняя ошибка сервера. Попробуйте позже.',
  unknownUserRefresh: 'Не удалось определить пользователя. Попробуйте обновить страницу.',
  unknownUserSignIn: 'Не удалось определить пользователя. Войдите в систему и повторите попытку.',
  userNotFound: 'Пользователь не найден',
  dashboardLoadFailed: 'Не удалось загрузить данные кабинета',
  loading: 'Загрузка...',
  /** SPEC §2: the dismiss button of every confirmation and form dialog. */
  cancel: 'Отмена',
} as const;

export const systemMessages = {
  metricsTokenInvalid: 'Неверный токен метрик',
} as const;

export const validationMessages = {
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
} as const;

/** The demo test clock (`/__emulators/clock`). */
export const clockMessages = {
  advanceInvalid: 'Укажите advance_seconds: целое число секунд от 1 до {max} (10 лет)',
  jobFailed: 'Периодическая задача «{job}» завершилась с ошибкой; часы уже переведены',
} as const;
