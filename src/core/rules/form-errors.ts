/**
 * Which part of a form a server refusal is about (docs/design.md#errors: errors carry `{message, code}`). A form marks
 * the named field with the message; `form` refusals are announced above the form only; `code` is the
 * texted code of the phone panel. One table, so every form places a refusal the same way.
 */
export type ErrorSubject = 'email' | 'phone' | 'code' | 'form';

export const ERROR_CODE_SUBJECTS: Readonly<Record<string, ErrorSubject>> = {
  email_exists: 'email',
  invalid_phone: 'phone',
  phone_exists: 'phone',
  code_verification_failed: 'code',
  too_many_requests: 'form',
};

/** The subject of a refusal's code; codes the table does not name belong to `fallback` (the form, unless a form says otherwise). */
export const errorSubject = (code: string | undefined, fallback: ErrorSubject = 'form'): ErrorSubject =>
  (code !== undefined && Object.hasOwn(ERROR_CODE_SUBJECTS, code) ? ERROR_CODE_SUBJECTS[code] : undefined) ?? fallback;

/** Whether a refusal with `code` belongs on the field `subject` (in a form whose unnamed refusals go to `fallback`). */
export const isErrorAbout = (code: string | undefined, subject: ErrorSubject, fallback: ErrorSubject = 'form'): boolean =>
  errorSubject(code, fallback) === subject;
