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

/** A calendar day, YYYY-MM-DD, in the account's time zone (the contract's Day). */
export const Day = Schema.String.pipe(Schema.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a day (YYYY-MM-DD)' })));
export type Day = typeof Day.Type;

/** The one currency of the product (accounts §3: currency usd). */
export const Currencies = ['usd'] as const;
export const Currency = Schema.Literals(Currencies);
export type Currency = (typeof Currencies)[number];

/** A whole percentage, 0–100 (give-back shares). */
export const Percentage = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(100)));
export type Percentage = typeof Percentage.Type;

/** A US ZIP code (5 digits, optionally ZIP+4). */
export const ZIP_CODE_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;
export const ZipCode = Schema.String.pipe(Schema.check(Schema.isPattern(ZIP_CODE_PATTERN, { message: 'Expected a ZIP code' })));
export type ZipCode = typeof ZipCode.Type;

/** `{ success, message? }` — the contract's Ok reply. */
export const OkBody = Schema.Struct({ success: Schema.Boolean, message: Schema.optional(Schema.String) });
export type OkBody = typeof OkBody.Type;

/** A page of a list reply: `{ items, total }` (the contract's *Page schemas). */
export const PageOf = <S extends Schema.Top>(item: S) => Schema.Struct({ items: Schema.Array(item), total: Schema.Int });

/** Active or inactive: the status of a customer, vendor, organization or affiliate record. */
export const RecordStatuses = ['active', 'inactive'] as const;
export const RecordStatus = Schema.Literals(RecordStatuses);
export type RecordStatus = (typeof RecordStatuses)[number];

/** Days of the week, as the availability calls and the vendor's working windows name them. */
export const DaysOfWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const DayOfWeek = Schema.Literals(DaysOfWeek);
export type DayOfWeek = (typeof DaysOfWeek)[number];
