import fc from 'fast-check';

/*
 * Hostile values for the fuzz (fuzz-requests.ts): texts, JSON values and whole bodies that no
 * field should take, and the encodings that carry them in a URL or a header.
 */

/** A number JSON cannot spell (NaN, 1e309): written into the body text as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of arrays and objects nested `depth` deep (built as text: stringify would recurse). */
function deepJson(depth: number): string {
  const half = Math.floor(depth / 2);
  return `${'[{"a":'.repeat(half)}1${'}]'.repeat(half)}`;
}

const MEGABYTE = 1 << 20;

/** Text no field should take: controls, NUL, bidi overrides, lone surrogates, huge. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u001f',
    'del\u007f',
    'c1\u0085\u009f',
    'Evil\u202eCorp',
    '\u2066isolate\u2069',
    'lone\ud800surrogate',
    '\udfff',
    '\ufeffbom',
    'zero\u200bwidth',
    'line\u2028sep',
    '',
    '   ',
    'NaN',
    '1e309',
    '-1',
    '-0',
    'Infinity',
    '9'.repeat(400),
    "' or 1=1 --",
    '../../etc/passwd',
    '%00',
    '{"$ne":null}',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(MEGABYTE)),
);

/** Any JSON value of the wrong kind for most fields. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    -1e308,
    1.5,
    2 ** 53 + 1,
    [],
    {},
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    new RawJson('NaN'),
    new RawJson('1e309'),
    new RawJson('-1e309'),
  ),
  fc.constant(new Array(100_000).fill(1)),
  fc.constant(new Array(100_000).fill('a')),
  fc.constant(new RawJson(deepJson(5_000))),
);

/** JSON text with RawJson values spelled raw. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000RAW${raws.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, as a client's encoder does). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');
}

/**
 * Node's HTTP parser refuses a request line or headers over 16 KB (431) before the app sees them,
 * so text in the URL or a header is cut to what can arrive; the 1 MB texts go in bodies.
 */
export const HEAD_TEXT_MAX = 5 * 1024;

/** In the URL: encoded hostile text, or escapes that are not UTF-8 or not escapes at all. */
export const hostileUrlText = fc.oneof(
  { weight: 4, arbitrary: hostileText.map((text) => percentEncode(text.slice(0, HEAD_TEXT_MAX))) },
  { weight: 1, arbitrary: fc.constantFrom('%FF%FE', '%C0%AF', '%E0%A4%A', '%ZZ', '%', 'a%00b') },
);

/** What a header can carry over HTTP: bytes 0x20-0xFF and tab (Node refuses the rest). */
export function asHeaderValue(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '')
    .slice(0, HEAD_TEXT_MAX);
}

export const invalidBodies: fc.Arbitrary<[label: string, body: string | Buffer]> = fc.constantFrom(
  ['truncated JSON', '{"a":'],
  ['not JSON', 'hello'],
  ['NaN', 'NaN'],
  ['a bare 1e309', '1e309'],
  ['JSON null', 'null'],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"text"'],
  [
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  ],
  ['a NUL byte', Buffer.from([0x7b, 0x00, 0x7d])],
  ['a UTF-16 body', Buffer.from('{"a":"b"}', 'utf16le')],
  ['1 MB of JSON whitespace', `${' '.repeat(MEGABYTE - 10)}{}`],
  ['over the body limit', `{"a":"${'x'.repeat(MEGABYTE + 10)}"}`],
  ['deeply nested', deepJson(20_000)],
  ['a 100,000-element array', toJsonText(new Array(100_000).fill({}))],
);
