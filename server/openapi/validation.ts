import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/** `verbose` keeps the failing schema on the error, so a schema's `x-invalid-message` can name the problem. */
const base = { strict: false, allErrors: false, useDefaults: true, removeAdditional: false, verbose: true } as const;

/** Bodies are validated exactly as sent: a number where a string belongs is an error, not coerced. */
export const bodyValidator = addFormats(new Ajv({ ...base, coerceTypes: false }));
/** Query strings, path parameters and headers arrive as text, so they are coerced to the declared types. */
export const textValidator = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));

const where = (error: ErrorObject, part: string): string => {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path ? `${part === 'body' ? '' : `${part} `}'${path}'` : part === 'body' ? 'the body' : part;
};

/** One clear sentence for the first validation problem, e.g. "Missing required field 'username'". */
export const describeValidationError = (errors: readonly ErrorObject[], part: string): string => {
  const error = errors[0];
  if (!error) return 'Invalid request';
  const own = (error.parentSchema as { 'x-invalid-message'?: unknown } | undefined)?.['x-invalid-message'];
  if (typeof own === 'string') return own; // the spec's own text for this field, e.g. 'Invalid phone number format'
  const prefix = where(error, part);
  const nested = (name: string) => (error.instancePath ? `${error.instancePath.replace(/^\//, '').replace(/\//g, '.')}.${name}` : name);
  switch (error.keyword) {
    case 'required':
      return `Missing required field '${nested(String(error.params.missingProperty))}'${part === 'body' ? '' : ` in ${part}`}`;
    case 'additionalProperties':
      return `Unknown field '${nested(String(error.params.additionalProperty))}'${part === 'body' ? '' : ` in ${part}`}`;
    case 'type':
      return `${capitalise(prefix)} must be ${article(String(error.params.type))}`;
    case 'enum':
      return `${capitalise(prefix)} must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${capitalise(prefix)} ${error.message ?? 'is invalid'}`;
  }
};

const capitalise = (s: string) => (s.startsWith("'") ? `Field ${s}` : s.charAt(0).toUpperCase() + s.slice(1));
const article = (type: string) => (type.includes(',') ? `one of ${type}` : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
