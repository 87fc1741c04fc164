// The REST face's one table of errors: an engine error kind -> HTTP status, as section 7
// of the REST specification gives them. Bodies are JSON objects with their keys in
// alphabetical order, as the router sends them: {"detail", "error", "message"}.

import type { ErrorKind } from '../../core/errors.js';

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const STATUS_OF: Record<ErrorKind, number> = {
  'no-such-command': 400,
  'no-such-directory': 400,
  'no-such-prefix': 400,
  'no-such-item': 400,   // in a command's arguments; a record URL that names nothing is 404
  'argument': 400,
  'failure': 400,
  'session-closed': 400,
  'cannot-remove': 400,
  'permission': 500,
  'not-allowed': 500,
};

export class RestError extends Error {
  constructor(readonly status: number, readonly detail?: string) {
    super(detail ?? STATUS_TEXT[status]);
  }
}

export const MISSING_ID = 'missing or invalid resource identifier';

export function errorBody(status: number, detail?: string): string {
  const body: Record<string, string | number> = {};
  if (detail !== undefined) body.detail = detail;
  body.error = status;
  body.message = STATUS_TEXT[status] ?? 'Error';
  return JSON.stringify(body);
}
