// The warranty's calendar rule (pure). Days are Moscow's, as 'YYYY-MM-DD' keys.

/**
 * The last day a warranty of `months` bought on `purchasedOn` covers: the same day number
 * `months` later, or that month's last day when it is shorter (31.01 + 1 month = 28.02, or 29.02
 * in a leap year), as a calendar counts months and as the shopper expects.
 */
export function warrantyUntil(purchasedOn: string, months: number): string {
  const [year, month, day] = purchasedOn.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** 'ДД.ММ.ГГГГ' of a day key, as the shopper reads a date. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A warranty covers its last day too. */
export const isActive = (validUntil: string, today: string) => validUntil >= today;
