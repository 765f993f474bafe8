/** Why a link from an account mail cannot be used, or null when it can. */
export type LinkProblem = 'unknown' | 'used' | 'expired';

export function linkProblem(link: { usedAt: Date | null; expiresAt: Date } | undefined, now: Date): LinkProblem | null {
  if (!link) return 'unknown';
  // A used link says so even once it is also old: "used" is what the seller needs to hear.
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** A mail's link: `PUBLIC_URL` + the page + the token (base64url, safe in a query as it is). */
export function accountLink(publicUrl: string, pagePath: string, token: string): string {
  return `${publicUrl}${pagePath}?token=${token}`;
}
