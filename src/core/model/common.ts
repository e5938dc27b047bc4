import * as Schema from 'effect/Schema';

/** Every error body of the API: `message` is the spec's English text, `code` a stable word (architecture.md). */
export const ApiErrorBody = Schema.Struct({
  message: Schema.String,
  code: Schema.String,
});
export type ApiErrorBody = typeof ApiErrorBody.Type;

/** `{ message }` — the reply of calls that only confirm. */
export const MessageBody = Schema.Struct({
  message: Schema.String,
});
export type MessageBody = typeof MessageBody.Type;

/** An ISO-8601 date-time string, as the API sends times. */
export const IsoDateTime = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((s: string) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), {
      message: 'Expected an ISO-8601 date-time',
    }),
  ),
);
export type IsoDateTime = typeof IsoDateTime.Type;

/** A loose e-mail shape (something@something.tld); the form validator in rules/validators.ts is the user-facing one. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = Schema.String.pipe(Schema.check(Schema.isPattern(EMAIL_PATTERN, { message: 'Invalid email address' })));
export type Email = typeof Email.Type;

/** Integer cents (money is never a float in the core). */
export const Cents = Schema.Int;
export type Cents = typeof Cents.Type;

/** An open record whose inner fields the spec does not show (integrations, preferences, …). */
export const OpenRecord = Schema.Record(Schema.String, Schema.Unknown);
export type OpenRecord = typeof OpenRecord.Type;
