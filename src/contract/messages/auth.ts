// Sign-in and registration: the API's answers and the /login and /register screens.

export const authMessages = {
  loginSuccess: 'Вход выполнен',
  loginFailed: 'Не удалось выполнить вход. Попробуйте ещё раз.',
  wrongCredentials: 'Неверный email или пароль',
  tooManyAttempts: 'Слишком много неудачных попыток входа. Попробуйте снова через {minutes} мин.',
  registerSuccess: 'Регистрация прошла успешно! Введите данные для входа.',
  registerFailed: 'Не удалось завершить регистрацию. Попробуйте ещё раз.',
  emailTaken: 'Пользователь с таким email уже зарегистрирован',
  logoutSuccess: 'Вы вышли из аккаунта',
} as const;

/** Labels and buttons of the /login and /register screens. */
export const authFormsMessages = {
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
} as const;
