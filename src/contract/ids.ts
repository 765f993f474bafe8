import { z } from './zod-setup.js';

// A row's id as a request gives it, with the Russian message for anything else. `integer` columns
// (actions, products) end at 2^31 − 1; `bigint` ones (mailings, surveys, segments) at what a
// JavaScript number holds exactly. Path and query ids arrive as text and are coerced; a JSON body's
// must already be a number.

const INTEGER_MAX = 2 ** 31 - 1;
const BIGINT_MAX = 2 ** 53 - 1;

/** An `integer` id in a JSON body. */
export const intId = (message: string) => z.number({ error: message }).int(message).positive(message).max(INTEGER_MAX, message);

/** A `bigint` id in a JSON body. */
export const bigId = (message: string) => z.number({ error: message }).int(message).positive(message).max(BIGINT_MAX, message);

/** An `integer` id in a path or a query. */
export const intIdParam = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(INTEGER_MAX, message);

/** A `bigint` id in a path or a query. */
export const bigIdParam = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(BIGINT_MAX, message);
