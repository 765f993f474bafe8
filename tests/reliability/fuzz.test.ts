import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAddress, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller, dataFingerprint, verifyData } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { fuzzed, junkValue, nastyString, type GenerationContext, type JsonSchema } from '../support/schema-arbitrary.js';
import { startServer, type RunningServer } from '../support/server-process.js';

/**
 * Property-based fuzzing of every operation the OpenAPI document (/lk/api/docs) lists, so a
 * new endpoint is covered without a new test. Requests follow each schema and stray beyond it
 * (wrong types, junk, NUL, long text, other sellers' ids), anonymous, forged or signed in.
 * Properties: never a 5xx; every JSON error is `{ message }` in Russian; a refused request
 * writes nothing (a digest of every table, taken after each refusal, is unchanged).
 *
 * Each database gets its own seed (SEED, SEED + 1): `npm test` sends every operation 10 requests on each,
 * 20 different ones in all, in half the time of the same 20 on both.
 * Longer runs: FUZZ_RUNS=500 FUZZ_SEED=$RANDOM npx vitest run --project reliability tests/reliability/fuzz.test.ts
 */
const SEED = Number(process.env.FUZZ_SEED ?? 15_015);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Answers in the provider's own format, not `{ message }` JSON. */
  foreignFormat?: boolean;
}

/**
 * Routes the document hides that still face the outside: Robokassa's callbacks (GET query or
 * POST form). Listed here so they are fuzzed too.
 */
const HIDDEN_OUTSIDE_ROUTES: Operation[] = ['result', 'success', 'fail'].flatMap((name) =>
  ['GET', 'POST'].map((method) => ({
    method,
    path: `/lk/api/payments/robokassa/${name}`,
    parameters: ['OutSum', 'InvId', 'SignatureValue', 'Shp_user', 'IsTest'].map((field) => ({
      name: field,
      in: 'query' as const,
      schema: { type: 'string' },
    })),
    foreignFormat: true,
  })),
);

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/lk/api/')) continue; // the emulators are test doubles, not the product
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Path segments that have broken routers: bad escapes, over-long, traversal, NUL. */
const RAW_PATH_JUNK = fc.constantFrom(
  '%E0%A4%A',
  'x'.repeat(2000),
  '%00',
  '..',
  '%2e%2e%2f',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%F0%9F%8E%89',
);

interface FuzzRequest {
  auth: 'none' | 'seller' | 'forged';
  path: string;
  query: string;
  body?: string;
  contentType: string;
}

/** encodeURIComponent throws on a lone surrogate; send its WTF-8 bytes instead, as a broken client would. */
function encodePathSegment(text: string): string {
  const loneSurrogate = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
  const wtf8 = (unit: number) =>
    [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  return text
    .split(loneSurrogate)
    .map((part) => (part.length === 1 && loneSurrogate.test(part) ? wtf8(part.charCodeAt(0)) : encodeURIComponent(part)))
    .join('');
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function requestFor(operation: Operation, context: GenerationContext): fc.Arbitrary<FuzzRequest> {
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathArbitrary = fc
    .tuple(
      ...pathParameters.map((name) => {
        const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
        return fc.oneof(
          { weight: 3, arbitrary: fuzzed(schema, context).map((v) => encodePathSegment(stringify(v))) },
          { weight: 1, arbitrary: RAW_PATH_JUNK },
        );
      }),
    )
    .map((values) =>
      values.reduce<string>((path, value, index) => path.replace(`{${pathParameters[index]}}`, value || '0'), operation.path),
    );

  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const queryArbitrary = fc
    .tuple(
      fc.tuple(...queryParameters.map((p) => fc.option(fuzzed(p.schema ?? {}, context), { nil: undefined }))),
      fc.option(fc.tuple(nastyString, nastyString), { freq: 5, nil: undefined }),
    )
    .map(([values, extra]) => {
      const search = new URLSearchParams();
      values.forEach((value, index) => {
        if (value === undefined) return;
        for (const item of Array.isArray(value) ? value : [value]) search.append(queryParameters[index]!.name, stringify(item));
      });
      if (extra) search.append(extra[0], extra[1]);
      const text = search.toString();
      return text ? `?${text}` : '';
    });

  const bodyArbitrary: fc.Arbitrary<{ body?: string; contentType: string }> = fc.oneof(
    {
      weight: 6,
      arbitrary: (operation.body ? fuzzed(operation.body, context) : fc.option(junkValue, { nil: undefined })).map((value) => ({
        body: value === undefined ? undefined : JSON.stringify(value),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '', '[', '{"__proto__":{"x":1}}', 'null', '"\\u0000"')
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 10 }), nastyString, { maxKeys: 4 })
        .map((fields) => ({ body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' })),
    },
    { weight: 1, arbitrary: nastyString.map((body) => ({ body, contentType: 'text/plain' })) },
  );

  return fc
    .record({
      auth: fc.constantFrom<FuzzRequest['auth']>('none', 'seller', 'seller', 'forged'),
      path: pathArbitrary,
      query: queryArbitrary,
      payload: bodyArbitrary,
    })
    .map(({ auth, path, query, payload }): FuzzRequest => ({
      query,
      auth,
      path: `${path}${query}`,
      // GET and DELETE carry no body here: fetch refuses one on GET.
      body: operation.method === 'GET' ? undefined : payload.body,
      contentType: payload.contentType,
    }));
}

const RUSSIAN = /[А-Яа-яЁё]/;

describe.each(backends().map((backend, index) => ({ ...backend, seed: SEED + index })))('fuzzing every endpoint on $name', (backend) => {
  let server: RunningServer;
  let seller: Seller;
  let other: Seller;
  const context: GenerationContext = { knownIds: [] };

  beforeAll(async () => {
    server = await startServer(
      backend.clusterUrl ? { DATABASE_URL: createDatabase(backend.clusterUrl, `scanapp_fuzz_${Date.now()}`) } : {},
      { readyTimeoutMs: 150_000 },
    );
    [seller, other] = [await createFundedSeller(server.url, 50_000), await createFundedSeller(server.url, 50_000)];
    const own = await seller.api.post('/projects', { name: 'Fuzz', project_inns: '7707083893' });
    const foreign = await other.api.post('/projects', { name: 'Чужая', project_inns: '7707083893' });
    context.knownIds.push(seller.id, other.id, own.body.project_id, foreign.body.project_id);
  }, 300_000);

  afterAll(async () => server?.stop());

  it('answers every generated request without a 5xx, in Russian, and writes nothing when it refuses', async () => {
    const document = await (await fetch(`${server.url}/lk/api/docs`)).json();
    const operations = [...operationsOf(document), ...HIDDEN_OUTSIDE_ROUTES];
    expect(operations.length).toBeGreaterThan(20);
    const tally = { requests: 0, refused: 0, serverErrors: 0, byStatus: new Map<number, number>() };
    const address = randomAddress();
    let baseline = await dataFingerprint(server.url);

    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation, context), async (request) => {
          let token: string | undefined;
          if (request.auth === 'forged') token = 'forged-token-0000000000000000';
          if (request.auth === 'seller') {
            // Signing out ends the session it is sent with: give it a session of its own.
            token = operation.path.endsWith('/logout')
              ? (await seller.api.post('/login', { email: seller.email, password: seller.password }, { token: null })).body.token
              : seller.api.token;
          }
          const headers: Record<string, string> = { 'x-forwarded-for': address, 'content-type': request.contentType };
          if (token) headers.authorization = `Bearer ${token}`;
          if (request.body === undefined) delete headers['content-type'];
          const response = await fetch(`${server.url}${request.path}`, {
            method: operation.method,
            headers,
            body: request.body,
            redirect: 'manual',
          });
          const text = await response.text();
          tally.requests++;
          tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
          const where = `${operation.method} ${request.path.slice(0, 200)} ${request.body?.slice(0, 300) ?? ''}`;
          if (response.status >= 500) tally.serverErrors++;
          expect(response.status, `${where} → ${text.slice(0, 300)}`).toBeLessThan(500);

          const after = await dataFingerprint(server.url);
          if (response.status >= 400) {
            tally.refused++;
            if (!operation.foreignFormat) {
              const body = JSON.parse(text) as Record<string, unknown>;
              expect(Object.keys(body), where).toEqual(['message']);
              expect(body.message, where).toMatch(RUSSIAN);
            }
            expect(after, `a refused request wrote: ${where}`).toEqual(baseline);
          }
          baseline = after;
        }),
        { seed: backend.seed, numRuns: RUNS, endOnFailure: true },
      );
    }

    expect((await verifyData(server.url)).violations).toEqual([]);
    const statuses = [...tally.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.info(
      `fuzz ${backend.name}: ${operations.length} operations, ${tally.requests} requests (seed ${backend.seed}, ${RUNS} runs each), ${tally.refused} refused, ${tally.serverErrors} 5xx; ${statuses}`,
    );
  }, 900_000);
});
