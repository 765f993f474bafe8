/** The buyer card's address: `/dashboard/buyers/{tg_id}?project_id=…` (without an action, the card asks for one). */
export function buyerCardPath(tgId: string, actionId: number | null): string {
  const path = `/dashboard/buyers/${encodeURIComponent(tgId)}`;
  return actionId === null ? path : `${path}?project_id=${actionId}`;
}
