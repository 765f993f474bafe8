// Cancelling a receipt's points (a return on the marketplace): the call's answers and refusals,
// the shopper's bot message, the cabinet's dialog and how a cancelled receipt reads in lists.

export const receiptCancelMessages = {
  reasonRequired: 'Укажите причину отмены: от 1 до 500 символов. Покупатель увидит её в сообщении бота.',
  receiptNotFound: 'Чек не найден.',
  notAccepted: 'Отменить можно только принятый чек: за этот чек баллы не начислялись.',
  ledgerReason: 'Отмена чека №{id}: {reason}',
  // `{points}` is the number with its word: «178 баллов», «1 балл».
  cancelled: 'Чек №{id} отменён: списано {points}.',
  notRecovered: 'Не удалось вернуть {points}: покупатель уже потратил их.',
  alreadyCancelled: 'Чек №{id} уже отменён {date}: повторная отмена ничего не изменила.',
  shopperNotice: 'Продавец отменил чек от {date} на {total} в акции «{name}»: {reason}. Списано {points}. Ваш баланс: {balance}.',
  shopperNoticeNothingTaken: 'Продавец отменил чек от {date} на {total} в акции «{name}»: {reason}.',
  // The cabinet.
  // The button beside «Товары (N)» on a receipt card: short, so both fit one row on a phone.
  cancelButton: 'Отменить',
  cancelButtonFor: 'Отменить чек №{id}',
  dialogTitle: 'Отменить чек №{id}',
  dialogIntro:
    'Баллы за чек спишутся: сначала удержанные, затем с баланса покупателя, но не ниже нуля. Покупатель получит сообщение бота с причиной.',
  feeNotRefunded: 'Плата за проверку чека не возвращается: проверка уже выполнена.',
  previewLoading: 'Считаем, сколько баллов спишется...',
  previewFailed: 'Не удалось посчитать, сколько баллов спишется. Отменить чек всё равно можно.',
  previewCaption: 'Что спишется',
  awarded: 'Начислено за чек',
  fromHeld: 'Из удержанных',
  fromAvailable: 'С баланса покупателя',
  notRecoverable: 'Не вернётся (уже потрачено)',
  reasonLabel: 'Причина отмены',
  reasonHint: 'Например: «Возврат товара на Wildberries». Покупатель увидит её в сообщении бота.',
  submit: 'Отменить чек',
  submitting: 'Отменяем...',
  keep: 'Не отменять',
  failed: 'Не удалось отменить чек. Попробуйте позже.',
  close: 'Закрыть',
  cancelledLine: 'Отменён {date}: {reason}',
  pointsCancelled: 'Списано при отмене',
  columnAction: 'Действие',
  statusFilter: 'Статус',
  allStatuses: 'Все статусы',
  statusFilterInvalid: 'Фильтр по статусу: один из статусов чека.',
} as const;
