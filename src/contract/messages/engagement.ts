// The bot's birthday and daily-bonus functions and their results page.

export const birthdayMessages = {
  ask: 'Когда у вас день рождения? Выберите месяц или напишите день и месяц в виде ДД.ММ, например 07.03.',
  askDay: '{month}: выберите день или напишите дату в виде ДД.ММ.',
  backToMonths: '← Месяцы',
  known: 'Ваш день рождения — {date}. Изменить дату можно раз в год: выберите месяц или напишите новую дату в виде ДД.ММ.',
  changeRefused: 'Ваш день рождения — {date}. Изменить дату можно раз в год, следующий раз — с {next}.',
  saved: 'Спасибо! Запомнили ваш день рождения: {date}. В этот день бот вас поздравит.',
  savedTooNear:
    'Спасибо! Запомнили ваш день рождения: {date}. Ближайший уже слишком скоро, поэтому бот поздравит вас начиная с {year} года.',
  invalidDate: 'Не получилось прочитать дату. Напишите день и месяц в виде ДД.ММ, например 07.03, или выберите месяц кнопкой.',
  greeting: 'С днём рождения! Акция «{name}» дарит вам {points}.',
  greetingWithoutPoints: 'С днём рождения! Акция «{name}» поздравляет вас.',
  reason: 'День рождения в {year} году',
  resultsTitle: 'Дни рождения',
  resultsGiven: 'Указали дату',
  resultsGreeted: 'Поздравлены в этом месяце',
  resultsNoneGiven: 'Пока никто не указал дату рождения.',
  resultsNoneGreeted: 'В этом месяце поздравлений пока не было.',
  columnDate: 'Дата',
  columnGivenAt: 'Указана',
  columnGreetedAt: 'Поздравлен',
} as const;

export const dailyBonusMessages = {
  granted: 'Ваш ежедневный бонус: +{points}. Теперь у вас {balance}.',
  grantedNothing: 'Сегодня бонус — 0 баллов. Повезёт в следующий раз!',
  alreadyTaken: 'Сегодня вы уже получили бонус: +{points}.',
  nextBonus: 'Следующий бонус — завтра, {date}.',
  noReceipt:
    'Ежедневный бонус — для покупателей акции «{name}». Пришлите фото QR-кода с чека покупки, а после начисления баллов нажмите «Ежедневный бонус» снова.',
  reason: 'Ежедневный бонус за {date}',
  wheelPoints: 'Колесо остановилось на «{label}»: +{points}. Теперь у вас {balance}.',
  wheelNothing: 'Колесо остановилось на «{label}». Повезёт в следующий раз!',
  wheelCode: 'Колесо остановилось на «{label}». Ваш промокод: {code}',
  wheelAlreadySpun: 'Сегодня колесо уже остановилось на «{label}».',
  wheelCodeAgain: 'Ваш промокод: {code}',
  wheelOff: 'Колесо фортуны сейчас выключено.',
  resultsTitle: 'Ежедневный бонус',
  resultsShoppersToday: 'Покупателей сегодня',
  resultsPointsToday: 'Баллов сегодня',
  resultsShoppersMonth: 'Покупателей за месяц',
  resultsPointsMonth: 'Баллов за месяц',
  resultsNone: 'В этом месяце бонус ещё никто не получал.',
  columnDay: 'День',
  columnPoints: 'Баллы',
} as const;

export const engagementMessages = {
  title: 'Дни рождения и ежедневный бонус',
  loading: 'Загружаем результаты…',
  loadFailed: 'Не удалось загрузить результаты. Обновите страницу.',
  columnShopper: 'Покупатель',
  backToAction: 'К акции',
} as const;
