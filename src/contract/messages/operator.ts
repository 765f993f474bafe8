// The operator's details and settings (the operator CLI).

/** Operator details (legal name, requisites, contacts, video, example projects): `npm run admin -- settings:set`. */
export const operatorMessages = {
  unknownSetting: 'Неизвестная настройка',
  /** Under a support or demo-request link in demo mode while the operator's own e-mail is unset. */
  contactSample: 'Пример: {contact} (демо-режим)',
  nameInvalid: 'Название или ФИО оператора — от 1 до 300 символов',
  innInvalid: 'ИНН — 10 цифр (организация) или 12 цифр (ИП)',
  ogrnInvalid: 'ОГРН — 13 цифр, ОГРНИП — 15 цифр',
  addressInvalid: 'Адрес — от 1 до 500 символов',
  bankInvalid: 'Банковские реквизиты — от 1 до 500 символов',
  emailInvalid: 'Укажите адрес электронной почты, например hello@example.ru',
  telegramInvalid: 'Контакт в Telegram — @имя или https://t.me/имя (от 5 до 32 латинских букв, цифр и _)',
  videoUrlInvalid: 'Видео — адрес https:// плеера на одном из сайтов: {hosts}',
  projectsInvalid:
    'Примеры проектов — JSON-список до 12 объектов {"name": "…", "url": "https://…", "category": "…", "text": "…"}: name обязателен (до 80 символов), url — адрес https://',
  valueRequired: 'Укажите значение настройки',
  settingRemoved: 'Настройка удалена',
  notRemovable: 'Цены тарифа не удаляются: задайте новое значение',
} as const;
