// The referral programme («Пригласить друга»): the invitation in the bot, the rewards and the buyer card's invitations.

export const referralMessages = {
  linkText:
    'Пригласите друга в бот акции «{name}» — отправьте ему вашу личную ссылку:\n{link}\n\nКогда друг впервые зарегистрирует чек, вы получите {referrer_points}, а друг — {friend_points}.',
  joined: 'Вы пришли по приглашению друга. Зарегистрируйте первый чек — и вы оба получите баллы.',
  unknownLink: 'Ссылка-приглашение не найдена: проверьте её у друга.',
  refusedSelf: 'Это ваша собственная ссылка-приглашение — отправьте её другу.',
  refusedSecondLink: 'Вы уже пришли по приглашению: засчитывается первая ссылка.',
  refusedExistingShopper: 'Приглашения действуют только для новых покупателей, а вы уже писали этому боту.',
  friendRewarded: 'Спасибо за первую покупку по приглашению друга! Вам начислено ещё {points}.',
  inviterRewarded: 'Ваш друг {friend} сделал первую покупку — вам начислено {points} за приглашение. Ваш баланс: {balance}.',
  inviterCapped:
    'Ваш друг {friend} сделал первую покупку, но в этом месяце вы уже получили баллы за {cap} приглашений — больше программа не начисляет.',
  friendReason: 'Первая покупка по приглашению',
  inviterReason: 'Приглашение друга {friend}',
  aFriend: 'по вашей ссылке',
  statusJoined: 'Пришёл по ссылке',
  statusRewarded: 'Баллы начислены',
  statusRefused: 'Отказано',
  refusalSelf: 'своя же ссылка',
  refusalSecondLink: 'уже пришёл по другой ссылке — засчитывается первая',
  refusalExistingShopper: 'уже писал боту раньше',
  refusalMonthlyCap: 'пригласивший исчерпал лимит приглашений в этом месяце',
  refusalInviterBlocked: 'пригласивший заблокирован продавцом',
  cardTitle: 'Приглашения',
  cardEmpty: 'Покупатель никого не приглашал и пришёл не по приглашению.',
  cardInviter: 'Пригласил',
  cardFriend: 'Друг',
  cardStatus: 'Статус',
} as const;
