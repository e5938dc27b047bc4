/** Shared pieces of the chart models (tests/machines/models/<chart>.model.ts). */
import type { AnyEventObject } from 'xstate';
import { DAY_MS, type ActorRole } from '../../../src/core/rules/spec-rule';

/** A fixed reference start, so traversals are deterministic. */
export const T = '2030-06-15T09:00:00.000Z';
export const HOUR_MS = 60 * 60 * 1000;

export const shift = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
export const days = (n: number): number => n * DAY_MS;

/** Every payload sent by every role at every time. */
export function withActors(roles: readonly ActorRole[], nows: readonly string[], payloads: readonly AnyEventObject[]): AnyEventObject[] {
  const out: AnyEventObject[] = [];
  for (const role of roles) for (const now of nows) for (const p of payloads) out.push({ ...p, actor: { role }, now });
  return out;
}
