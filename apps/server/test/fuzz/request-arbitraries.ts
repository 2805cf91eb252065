import fc from 'fast-check';
import type { TCapturedRoute, TJsonSchema } from './route-schemas.ts';

/*
 * fast-check arbitraries of whole requests, derived from a route's JSON Schema (zod's input
 * side). Each part (path parameters, query, body) is either shaped like the schema — with
 * known ids from the database and boundary values at its leaves — or a schema-shaped value
 * with one field broken: a hostile value, a missing required field, an array where a scalar
 * belongs, an unknown field; or not an object at all.
 */

export type TFuzzRequest = {
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** Every string the request carried, so an echo of the input is not taken for a leak. */
  sent: string[];
};

/** Large enough to cross the per-field limits, small enough to stay under the body limit. */
const HUGE = 'x'.repeat(100_000);
/** Over the 1 MiB body limit. */
const OVER_BODY_LIMIT = JSON.stringify({ text: 'y'.repeat(1_100_000) });

const HOSTILE_STRINGS = [
  '7'.repeat(121),
  '7'.repeat(201),
  '7'.repeat(255),
  "' OR '1'='1",
  "'; DROP TABLE members; --",
  '" OR ""="',
  "1' AND 1=CAST((SELECT version()) AS int)--",
  '%_%',
  "\\'",
  '`',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eevil',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🦷🦷',
  'Z̷̡͓a̸͙l̵g̴o',
  'İı ß ﬁ',
  ' ',
  '\t\r\n',
  '',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  HUGE,
  'é'.repeat(5_000),
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
];

const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  [''],
  [1, 2],
  {},
  { $gt: '' },
  { nested: { deep: [1] } },
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const INT32_MAX = 2_147_483_647;

function integerOf(schema: TJsonSchema): fc.Arbitrary<number> {
  const low = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const high = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  const wide = fc.integer({ min: Math.max(low, -INT32_MAX), max: Math.min(high, INT32_MAX) });
  // Counts, years and choices: most real values are small.
  const [smallLow, smallHigh] = [Math.max(low, -10), Math.min(high, 2100)];
  const options: fc.WeightedArbitrary<number>[] = [
    { weight: 2, arbitrary: wide },
    { weight: 1, arbitrary: fc.constantFrom(low, high) },
  ];
  if (smallLow <= smallHigh) {
    options.push({ weight: 3, arbitrary: fc.integer({ min: smallLow, max: smallHigh }) });
  }
  return fc.oneof(...options);
}

function numberOf(schema: TJsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

function patternArbitrary(pattern: string | undefined): fc.Arbitrary<string> | null {
  if (!pattern) return null;
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // A pattern fast-check cannot generate from: plain strings still probe the route.
    return null;
  }
}

function stringOf(schema: TJsonSchema, knownIds: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = (value: string) =>
    value.length >= min && (max === undefined || value.length <= max) && (!pattern || pattern.test(value));
  const known = knownIds.filter(fits);
  const generated =
    patternArbitrary(schema.pattern)?.filter(fits) ??
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max ?? 60, 60)) });
  const options: fc.WeightedArbitrary<string>[] = [{ weight: 3, arbitrary: generated }];
  if (known.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...known) });
  // The longest value allowed (longer ones are among the broken values).
  if (max !== undefined && max < 100_000 && !pattern) {
    options.push({ weight: 1, arbitrary: fc.constant('7'.repeat(Math.max(max, min))) });
  }
  return fc.oneof(...options);
}

function objectOf(schema: TJsonSchema, knownIds: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  // An optional field is sometimes sent as null, as browsers' forms do: it means absent (issue 28).
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [
      key,
      requiredKeys.includes(key)
        ? valueOf(property, knownIds)
        : fc.oneof(
            { weight: 4, arbitrary: valueOf(property, knownIds) },
            { weight: 1, arbitrary: fc.constant(null) },
          ),
    ]),
  );
  return fc.record(model, { requiredKeys });
}

/** A value shaped like the schema. */
export function valueOf(schema: TJsonSchema, knownIds: readonly string[]): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueOf(s, knownIds)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0]!, knownIds);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, knownIds)));
  switch (types[0]) {
    case 'string':
      return stringOf(schema, knownIds);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, knownIds), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectOf(schema, knownIds);
    default:
      // "Any": a transform or refinement without a JSON form.
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.boolean(),
        knownIds.length ? fc.constantFrom(...knownIds) : fc.constant(''),
      );
  }
}

/** A schema-shaped object with one thing wrong, or not an object at all. */
function brokenObjectOf(schema: TJsonSchema, knownIds: readonly string[]): fc.Arbitrary<unknown> {
  const valid = objectOf(schema, knownIds);
  const keys = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  const options: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
      .map(([object, key, value]) => ({ ...object, [key]: value })),
  ];
  if (keys.length) {
    options.push(
      fc
        .tuple(valid, fc.constantFrom(...keys), hostileValue)
        .map(([object, key, value]) => ({ ...object, [key]: value })),
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .map(([object, key]) => ({ ...object, [key]: [object[key] ?? 'a', object[key] ?? 'b'] })),
    );
  }
  if (required.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => {
        const { [key]: _dropped, ...rest } = object;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

/** One request part: shaped like its schema, broken, or (no schema) whatever a client might send. */
function partOf(schema: TJsonSchema | undefined, knownIds: readonly string[]): fc.Arbitrary<unknown> {
  if (!schema) {
    return fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 10 }), hostileValue));
  }
  return fc.oneof(
    { weight: 1, arbitrary: valueOf(schema, knownIds) },
    { weight: 1, arbitrary: brokenObjectOf(schema, knownIds) },
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a value travels in a URL: text as is, null as empty, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Percent-encodes UTF-8 bytes; a lone surrogate becomes U+FFFD, as a browser sends it. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Repeated keys for arrays, as a browser sends a multi-select. */
function toQueryString(query: unknown): string {
  if (query === undefined) return '';
  if (!isRecord(query)) return percentEncode(asText(query));
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => [key, item] as const))
    .map(([key, item]) => `${percentEncode(key)}=${percentEncode(asText(item))}`)
    .join('&');
}

const MALFORMED_QUERIES = ['%', '%zz', '%E0%A4%A', 'a=%00', '&&==&', 'c[]=1&c[]=2', 'a[b][c]=1', 's=%FF%FE'];

function pathOf(url: string, params: unknown): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = isRecord(params) ? params[name] : params;
    return percentEncode(asText(value));
  });
}

type TBody = { payload?: string | Buffer; contentType?: string };

const MALFORMED_BODIES: TBody[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: 'not json', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"__proto__":{"role":"staff"}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"role":"staff"}}}', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: '<a/>', contentType: 'application/xml' },
  { payload: OVER_BODY_LIMIT, contentType: 'application/json' },
];

const BOUNDARY = 'opence-fuzz-boundary';
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_START = Buffer.from('%PDF-1.4\n');

/** A multipart upload, well formed or not: odd names, wrong boundary, truncated, empty. */
const multipartBody: fc.Arbitrary<TBody> = fc
  .record({
    field: fc.constantFrom('file', 'other', '', 'file"; x="'),
    filename: fc.oneof(
      fc.constantFrom(
        'a.png',
        'b.pdf',
        '../../etc/passwd',
        `${'n'.repeat(300)}.png`,
        'é 🦷.pdf',
        '',
        'a.exe',
      ),
      fc.string({ maxLength: 20 }),
    ),
    type: fc.constantFrom('image/png', 'application/pdf', 'text/plain', 'application/octet-stream', ''),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([PNG_START, bytes])),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([PDF_START, bytes])),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
    boundary: fc.constantFrom(BOUNDARY, 'another-boundary', ''),
    isTruncated: fc.boolean(),
  })
  .map(({ field, filename, type, content, boundary, isTruncated }) => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        '\r\n',
    );
    const whole = Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    return {
      payload: isTruncated ? whole.subarray(0, Math.floor(whole.length / 2)) : whole,
      contentType: boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
    };
  });

function bodyOf(route: TCapturedRoute, knownIds: readonly string[]): fc.Arbitrary<TBody> {
  const json = partOf(route.input.body, knownIds).map((value): TBody =>
    value === undefined ? {} : { payload: JSON.stringify(value), contentType: 'application/json' },
  );
  const options: fc.WeightedArbitrary<TBody>[] = [
    { weight: 6, arbitrary: json },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
  ];
  if (route.consumes.includes('multipart/form-data')) options.push({ weight: 6, arbitrary: multipartBody });
  return fc.oneof(...options);
}

/** Every string in a value, keys included. */
function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsIn(item, into);
    }
  }
  return into;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Requests to one route: its path parameters, query and body, each valid or broken. */
export function requestsTo(route: TCapturedRoute, knownIds: readonly string[]): fc.Arbitrary<TFuzzRequest> {
  return fc
    .record({
      params: partOf(route.input.params, knownIds),
      query: fc.oneof(
        { weight: 9, arbitrary: partOf(route.input.querystring, knownIds).map(toQueryString) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_QUERIES) },
      ),
      body: hasBody(route.method) ? bodyOf(route, knownIds) : fc.constant<TBody>({}),
    })
    .map(({ params, query, body }) => {
      const path = pathOf(route.url, params);
      const bodyText = typeof body.payload === 'string' ? body.payload : '';
      let parsedBody: unknown = bodyText;
      try {
        parsedBody = JSON.parse(bodyText);
      } catch {
        // Not JSON: the raw text is what was sent.
      }
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        ...body,
        sent: [...stringsIn(params), ...stringsIn(parsedBody), ...decodedQuery(query)],
      };
    });
}

function decodedQuery(query: string): string[] {
  return query.split(/[&=]/).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}
