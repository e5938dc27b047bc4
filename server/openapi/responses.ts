import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describeValidationError } from './validation';
import type { ContractOperation, JsonObject } from './load';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Responses are checked as they are: no defaults filled in, no coercion. */
const responseAjv = addFormats(new Ajv({ strict: false, allErrors: false, useDefaults: false, coerceTypes: false }));

export type ResponseCheck = (status: number, contentType: string | undefined, body: string) => string | null;

/**
 * A checker for one operation's responses: the status must be declared in the contract (or `default`)
 * and a JSON body must match its schema. Returns a description of the violation, or null.
 */
export const responseChecker = (op: ContractOperation): ResponseCheck => {
  const responses = isObject(op.spec.responses) ? op.spec.responses : {};
  const validators = new Map<string, ValidateFunction | null>();
  for (const [status, response] of Object.entries(responses)) {
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    const json = content?.['application/json'];
    validators.set(status, isObject(json) && isObject(json.schema) ? responseAjv.compile(json.schema) : null);
  }
  return (status, contentType, body) => {
    // 501: not implemented yet (reported by api:coverage). 413/415: refused by the HTTP layer before any
    // operation runs (body too large, not JSON); the root of openapi/ documents them once for all.
    if (status === 501 || status === 413 || status === 415) return null;
    const key = validators.has(String(status)) ? String(status) : validators.has(`${String(status)[0]}XX`) ? `${String(status)[0]}XX` : 'default';
    if (!validators.has(key)) return `${op.operationId} answered ${status}, which openapi/ does not declare`;
    const validate = validators.get(key);
    if (!validate) return null;
    if (!contentType?.includes('application/json') || body === '') {
      return `${op.operationId} answered ${status} without the JSON body openapi/ declares`;
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return `${op.operationId} answered ${status} with a body that is not JSON`;
    }
    return validate(data) ? null : `${op.operationId} ${status} response: ${describeValidationError(validate.errors ?? [], 'response')}`;
  };
};
