/**
 * The bots a shop's buyers may know, in the order they are tried: the action's own bot (shoppers
 * write to it, and its buttons open the shop), the shop's optional bot, the seller's mailing bot.
 * Any of them may open the Mini App, so each may have signed its init data; a notice to a buyer
 * goes through the first of them the buyer has started (Telegram refuses the others).
 */
export function shopBotTokens(bots: {
  actionBotToken: string | null;
  shopBotToken: string | null | undefined;
  mailingBotToken: string | null;
}): string[] {
  const tokens = [bots.actionBotToken, bots.shopBotToken ?? null, bots.mailingBotToken].filter((token): token is string => Boolean(token));
  return [...new Set(tokens)];
}
