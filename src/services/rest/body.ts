// A request body as the router reads it: JSON (with octal and hex numbers, no exponents)
// whose values become console argument strings.

import { JsonError, JsonNumber, parseJson } from '../../core/json.js';
import { RestError } from './errors.js';

export interface Body {
  args: Record<string, string>;
  proplist?: string[];
  query?: string[];
}

const PARSE = 'Failed to parse json';

/** A JSON value as console input: numbers in decimal, booleans as true/false. */
function toArg(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(toArg).join(',');
  throw new RestError(400, PARSE);
}

function words(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : value.split(',');
  if (Array.isArray(value)) return value.map(toArg);
  throw new RestError(400, PARSE);
}

export function readBody(text: string): Body {
  if (text.trim() === '') return { args: {} };
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    if (e instanceof JsonError) throw new RestError(400, PARSE);
    throw e;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new RestError(400, PARSE);
  const body: Body = { args: {} };
  for (const [key, value] of Object.entries(json)) {
    if (key === '.proplist') body.proplist = words(value);
    else if (key === '.query') body.query = Array.isArray(value) ? value.map(toArg) : [toArg(value)];
    else body.args[key] = toArg(value);
  }
  return body;
}
