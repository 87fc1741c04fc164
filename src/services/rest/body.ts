// A request body as the router reads it: UTF-8 JSON (with octal and hex numbers, no
// exponents) whose values become console argument strings.

import { JsonError, JsonNumber, parseJson } from '../../core/json.js';
import { RestError } from './errors.js';

export interface Body {
  args: Record<string, string>;
  proplist?: string[];
  query?: string[];
}

const PARSE = 'Failed to parse json';

// A body that is not UTF-8 is not JSON (ECMA-404 text is Unicode; RFC 8259 says UTF-8):
// decoding it loosely would store U+FFFD in place of what the client sent. A BOM is kept,
// so it is refused as before rather than silently dropped.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A JSON value as console input: numbers in decimal, booleans as true/false. A list or an
 * object is no argument value: joining a list into a comma list would let `["a","b"]` pass
 * where one string is expected, so both are refused like any body the router cannot read.
 */
function toArg(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return '';
  throw new RestError(400, PARSE);
}

/** `.proplist`: a comma list or a list of names. */
function words(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : value.split(',');
  if (Array.isArray(value)) return value.map(toArg);
  throw new RestError(400, PARSE);
}

export function readBody(raw: string | Buffer): Body {
  let text: string;
  try {
    text = typeof raw === 'string' ? raw : utf8.decode(raw);
  } catch {
    throw new RestError(400, PARSE);
  }
  if (text.trim() === '') return { args: {} };
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    if (e instanceof JsonError) throw new RestError(400, PARSE);
    throw e;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new RestError(400, PARSE);
  // No prototype: a key such as `__proto__` is an argument like any other (and is refused
  // as an unknown parameter), not a way to reach Object.prototype.
  const body: Body = { args: Object.create(null) as Record<string, string> };
  for (const [key, value] of Object.entries(json)) {
    if (key === '.proplist') body.proplist = words(value);
    else if (key === '.query') body.query = Array.isArray(value) ? value.map(toArg) : [toArg(value)];
    else body.args[key] = toArg(value);
  }
  return body;
}
