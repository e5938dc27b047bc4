/** Date helpers of the flow explorer's inputs: ISO-8601 in the facts, `YYYY-MM-DDTHH:mm` (local) in datetime-local fields. */

const pad = (n: number): string => String(n).padStart(2, '0');

/** An ISO-8601 instant as a datetime-local value in the browser's zone; '' when it is blank or not a date. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (browser zone) as an ISO-8601 instant; '' when blank or not a date. */
export function fromLocalInput(value: string): string {
  if (value === '') return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** `iso` moved by whole days; '' when `iso` is not a date. */
export function plusDays(iso: string, days: number): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms + days * 86_400_000).toISOString() : '';
}
