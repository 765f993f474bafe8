import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) our zod contracts turn into. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

/** Strings that have broken web apps before: NUL, lone surrogates, bidi overrides, injections, numbers in disguise. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202eevil',
  '\u200b',
  '𝕏🎉👩‍👩‍👧',
  'Ё',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\r\n\t',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  // Long: past every field's limit; the longest also past the 64 KiB body limit.
  { weight: 1, arbitrary: fc.constantFrom('я'.repeat(5_000), 'x'.repeat(70_000), '0'.repeat(400)) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1, -0, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything JSON can carry, nested junk included. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
);

export interface GenerationContext {
  /** Ids that exist (the seeded sellers' own and the other seller's): references worth probing. */
  knownIds: number[];
}

function integerFor(schema: JsonSchema, context: GenerationContext): fc.Arbitrary<number> {
  const low = Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)) + (schema.exclusiveMinimum === true ? 1 : 0);
  const high = Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1) - (schema.exclusiveMaximum === true ? 1 : 0);
  const inRange = low <= high ? fc.integer({ min: low, max: high }) : fc.constant(low);
  return context.knownIds.length > 0 ? fc.oneof(inRange, fc.constantFrom(...context.knownIds)) : inRange;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), nastyString);
  const plain = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
  if (schema.pattern) {
    try {
      return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), plain);
    } catch {
      return plain;
    }
  }
  return plain;
}

/** Values that mostly follow the schema, so requests get past validation and reach the use cases. */
export function conforming(schema: JsonSchema, context: GenerationContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => conforming(variant, context, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return conforming(Object.assign({}, ...schema.allOf), context, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return integerFor(schema, context);
      case 'number':
        return fc.oneof(integerFor(schema, context), fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringFor(schema);
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(fuzzed(schema.items ?? {}, context, depth + 1), { maxLength: 5 });
      case 'object':
        return objectFor(schema, context, depth);
      default:
        return junkValue;
    }
  })();
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

/** Mostly conforming, sometimes anything at all: the wrong type, junk, nasty text. */
export function fuzzed(schema: JsonSchema, context: GenerationContext, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: conforming(schema, context, depth) }, { weight: 1, arbitrary: junkValue });
}

/** A required field is left out now and then. */
const mostlyTrue = fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

function objectFor(schema: JsonSchema, context: GenerationContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc.record({
      name: fc.constant(name),
      present: required.has(name) ? mostlyTrue : fc.boolean(),
      value: fuzzed(property, context, depth + 1),
    }),
  );
  const extras = fc.dictionary(nastyString, junkValue, { maxKeys: 2 });
  return fc
    .tuple(fc.tuple(...entries), fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }))
    .map(([fields, extra]) => {
      const value: Record<string, unknown> = { ...extra };
      for (const field of fields) if (field.present) value[field.name] = field.value;
      return value;
    });
}
