import type { TeamRole } from '../../../contract/team.js';

/**
 * What a route asks of the person calling it for a seller (docs/decisions.md, "A team with
 * roles"): a team role, or `self` for a call about the caller's own account (profile, password,
 * their teams), which acts for nobody else.
 */
export type RouteRequirement = TeamRole | 'self';

/**
 * The one table of who may call what, keyed by method and route pattern under /lk/api (as
 * fastify names it, `request.routeOptions.url`). A route without a line is safe by default: a
 * read (GET) needs an analyst, any other call the owner. A line lowers a write to `manager`,
 * raises a read to `owner`, or marks a call about the caller's own account (`self`).
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRequirement>> = {
  // The caller's own account: a member switched to another seller still changes only their own.
  'POST /logout': 'self',
  'GET /profile': 'self',
  'PUT /profile': 'self',
  'POST /password/change': 'self',
  'POST /email/change': 'self',
  'GET /profile/notifications': 'self',
  'PUT /profile/notifications': 'self',
  'POST /profile/telegram-link': 'self',
  'GET /team/memberships': 'self',

  // Money: the balance, its statement, invoices and the company's details are the owner's.
  'GET /balance/operations': 'owner',
  'GET /balance/operations/export.csv': 'owner',
  'GET /balance/statement': 'owner',
  'GET /balance/statement/charges': 'owner',
  'GET /balance/requisites': 'owner',
  'GET /balance/invoices': 'owner',
  'GET /balance/invoices/:number/pdf': 'owner',

  // What sends the seller's data elsewhere or opens it to other systems: the owner's, reads included
  // (an endpoint's deliveries carry shoppers' data; a key list shows what is open).
  'GET /webhooks': 'owner',
  'GET /webhooks/:id/deliveries': 'owner',
  'GET /api-keys': 'owner',

  // The team and the audit log: the owner's.
  'GET /team/members': 'owner',
  'GET /team/invitations': 'owner',
  'GET /audit-log': 'owner',
  'GET /audit-log/export.csv': 'owner',

  // Reads made with POST: whoever may read.
  'POST /segments/preview': 'analyst',

  // A manager's work: shoppers' messages, moderation, shop orders, mailings, buyers and manual points.
  'POST /support/threads/:id/reply': 'manager',
  'POST /support/threads/:id/close': 'manager',
  'POST /moderation/:id/approve': 'manager',
  'POST /moderation/:id/reject': 'manager',
  'POST /shop/orders/:id/fulfil': 'manager',
  'POST /shop/orders/:id/cancel': 'manager',
  'POST /draws/:id/winners/:ticket/handed-over': 'manager',
  'POST /mailing/send': 'manager',
  'POST /mailing/:id/cancel': 'manager',
  'POST /mailing/schedules/:id/cancel': 'manager',
  'POST /segments': 'manager',
  'PUT /segments/:id': 'manager',
  'POST /buyers/:tg_id/points': 'manager',
  'POST /buyers/:tg_id/block': 'manager',
  'POST /buyers/:tg_id/unblock': 'manager',
  'POST /receipts/:id/cancel': 'manager',
};

/** The API's prefix, left out of the table's keys. */
const API_PREFIX = '/lk/api';

/** What the route asks: its line in the table, or the safe default (reads: analyst; writes: owner). */
export function routeRequirement(method: string, url: string): RouteRequirement {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
  const listed = ROUTE_PERMISSIONS[`${method} ${path}`];
  if (listed) return listed;
  return method === 'GET' || method === 'HEAD' ? 'analyst' : 'owner';
}
