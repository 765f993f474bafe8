// The seller's account: password reset, the profile, e-mail change and the account mails.

/** Password reset, the profile and e-mail change (API answers). */
export const accountMessages = {
  forgotSent: 'Если аккаунт с таким email существует, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует 1 час.',
  tooManyRequests: 'Слишком много запросов. Попробуйте снова через {minutes} мин.',
  tokenRequired: 'Ссылка неполная: откройте её из письма целиком',
  resetLinkInvalid: 'Ссылка для смены пароля недействительна. Запросите новую.',
  resetLinkUsed: 'Эта ссылка уже использована. Если нужно снова сменить пароль, запросите новую.',
  resetLinkExpired: 'Срок действия ссылки истёк. Запросите новую.',
  resetSuccess: 'Пароль изменён. Войдите с новым паролем.',
  currentPasswordRequired: 'Введите текущий пароль',
  currentPasswordWrong: 'Текущий пароль введён неверно',
  tooManyPasswordAttempts: 'Слишком много неверных попыток. Попробуйте снова через {minutes} мин.',
  passwordChanged: 'Пароль изменён. На других устройствах нужно войти заново.',
  profileSaved: 'Профиль сохранён',
  emailChangeSent: 'Мы отправили письмо на {email}. Перейдите по ссылке из письма, чтобы подтвердить новый адрес.',
  emailSame: 'Это ваш текущий email',
  emailLinkInvalid: 'Ссылка для подтверждения email недействительна.',
  emailLinkUsed: 'Эта ссылка уже использована: email уже подтверждён.',
  emailLinkExpired: 'Срок действия ссылки истёк. Укажите новый email в профиле ещё раз.',
  emailChanged: 'Email изменён. Теперь входите с адресом {email}.',
} as const;

/** Labels of the password reset screens, the profile page and the e-mail confirmation page. */
export const accountFormsMessages = {
  forgotLink: 'Забыли пароль?',
  forgotTitle: 'Восстановление пароля',
  forgotLead: 'Укажите email, с которым вы регистрировались: мы пришлём ссылку для смены пароля.',
  forgotSubmit: 'Отправить ссылку',
  forgotPending: 'Отправляем...',
  forgotFailed: 'Не удалось отправить ссылку. Попробуйте ещё раз.',
  backToLogin: 'Вернуться ко входу',
  resetTitle: 'Новый пароль',
  resetLead: 'Придумайте новый пароль для входа в личный кабинет.',
  newPasswordLabel: 'Новый пароль',
  confirmNewPasswordLabel: 'Повторите новый пароль',
  resetSubmit: 'Сохранить пароль',
  resetFailed: 'Не удалось сменить пароль. Попробуйте ещё раз.',
  requestNewLink: 'Запросить новую ссылку',
  saving: 'Сохранение...',
  profileTitle: 'Профиль',
  profileLink: 'Профиль',
  nameSection: 'Имя',
  saveName: 'Сохранить имя',
  emailSection: 'Email для входа',
  currentEmail: 'Сейчас: {email}',
  newEmailLabel: 'Новый email',
  emailHint: 'Адрес сменится, когда вы перейдёте по ссылке из письма, которое придёт на новый email.',
  emailSubmit: 'Отправить письмо',
  passwordSection: 'Смена пароля',
  currentPasswordLabel: 'Текущий пароль',
  passwordSubmit: 'Сменить пароль',
  saveFailed: 'Не удалось сохранить. Попробуйте ещё раз.',
  confirmEmailTitle: 'Подтверждение email',
  confirmEmailLead: 'Нажмите кнопку, чтобы этот адрес стал вашим email для входа в ScanApp.',
  confirmEmailSubmit: 'Подтвердить email',
  toCabinet: 'Перейти в кабинет',
} as const;

/** Account mails: Russian, plain text and HTML (modules/mail/templates.ts escapes every value). */
export const mailMessages = {
  greeting: 'Здравствуйте, {name}!',
  signature: 'Команда ScanApp',
  passwordResetSubject: 'Смена пароля в ScanApp',
  passwordResetIntro:
    'Кто-то (скорее всего, вы) попросил сменить пароль от личного кабинета ScanApp. Чтобы задать новый пароль, перейдите по ссылке:',
  passwordResetButton: 'Задать новый пароль',
  passwordResetRules: 'Ссылка действует 1 час и срабатывает один раз. После смены пароля все входы на других устройствах завершатся.',
  passwordResetIgnore: 'Если вы не просили сменить пароль, просто не обращайте внимания на это письмо: пароль останется прежним.',
  emailChangeSubject: 'Подтвердите новый email в ScanApp',
  emailChangeIntro: 'Чтобы адрес {email} стал вашим email для входа в ScanApp, перейдите по ссылке:',
  emailChangeButton: 'Подтвердить email',
  emailChangeRules: 'Ссылка действует 24 часа и срабатывает один раз.',
  emailChangeIgnore: 'Если вы не меняли email в ScanApp, просто не обращайте внимания на это письмо.',
  emailChangedSubject: 'Email вашего аккаунта ScanApp изменён',
  emailChangedIntro: 'Email для входа в личный кабинет ScanApp изменён на {email}. Письма теперь приходят на новый адрес.',
  emailChangedIgnore: 'Если это сделали не вы, срочно смените пароль и напишите в поддержку.',
  suspendedSubject: 'Акции приостановлены: пополните баланс ScanApp',
  suspendedIntro:
    'На балансе {balance}, а проверка следующего чека стоит {price}. Пока баланс не пополнен, бот отвечает покупателям «Акция временно приостановлена», чеки не принимаются и баллы не начисляются.',
  runningLowSubject: 'Баланса ScanApp хватит примерно на {days}',
  runningLowIntro:
    'За последнюю неделю проверки чеков стоили в среднем {perDay} в день. На балансе {balance} — этого хватит примерно на {days}. Пополните баланс заранее, чтобы бот не остановился.',
  topUpButton: 'Пополнить баланс',
  renewalUncoveredSubject: 'Баланса не хватит на продление акции',
  renewalUncoveredIntro:
    'Акция «{name}» закончится {date} и продлится автоматически за {price}, но на балансе {balance}. Пополните баланс, чтобы акция не остановилась.',
} as const;
