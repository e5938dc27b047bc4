/**
 * What the server says to a person, in that person's language: the in-app notifications and the e-mails and text
 * messages it writes (tickets, organization approval, failed payments, sent invoices, review requests, phone codes,
 * the sign-in e-mails).
 *
 * The language is the recipient account's `settings.language_preference` through the one language rule
 * (`resolveLanguage`, src/core/rules/language.ts, accounts §5: en or es, default en). The server has no browser, so
 * 'default' (not chosen yet) is English. Amounts are formatted with the language's locale (en-US or es-US).
 *
 * The Spanish words follow the SPA's catalogues (src/ui/i18n/*.es.json): "usted", "ticket", "cita", "factura",
 * "tarjeta", "Facturación", "centro de ayuda". The server may not import those catalogues (.dependency-cruiser.cjs);
 * the few texts that exist in both (the restore error) are checked to be equal by tests/server/recipient-language.test.ts.
 */
import { inArray } from 'drizzle-orm';
import type { Language, LanguagePreference } from '../../src/core/model/language-codes';
import { resolveLanguage } from '../../src/core/rules/language';
import { MESSAGES } from '../../src/core/rules/messages';
import { formatCents } from '../../src/core/rules/money';
import type { AccountType } from '../../src/core/model/roles';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';

/** Why a charge failed: a card decline (with the provider's code), a bank asking to confirm, or an error. */
export type PaymentFailure =
  | { readonly kind: 'declined'; readonly code: string; readonly message: string }
  | { readonly kind: 'action'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

export type TicketNews = 'opened' | 'comment' | 'closed' | 'updated';

export interface RecipientTexts {
  /** The locale amounts are written in. */
  readonly locale: 'en-US' | 'es-US';
  readonly ticket: {
    readonly title: Readonly<Record<TicketNews, string>>;
    readonly body: (number: number, subject: string) => string;
    /** The customer's e-mail when staff replied. */
    readonly replySubject: (number: number) => string;
    readonly replyBody: (subject: string) => string;
  };
  readonly organization: {
    readonly approvedTitle: string;
    readonly rejectedTitle: string;
    readonly approvedSubject: string;
    readonly rejectedSubject: string;
    readonly approvedBody: (name: string) => string;
    /** The admin's note is quoted as written. */
    readonly rejectedBody: (name: string, note: string | undefined) => string;
    /** Added to the approval e-mail. */
    readonly signIn: string;
  };
  readonly payment: {
    readonly failedTitle: string;
    readonly failedSubject: string;
    readonly failedBody: (service: string, failure: PaymentFailure) => string;
    readonly restoreError: string;
  };
  readonly invoice: {
    readonly title: (number: string) => string;
    readonly body: (from: string, total: string, due: string | null) => string;
    readonly subject: (number: string) => string;
  };
  readonly review: {
    readonly subject: string;
    readonly body: (name: string | null) => string;
  };
  readonly phoneCode: (code: string) => string;
  /** The sign-in e-mails (server/services/auth/messages.ts); `name` is the user's first name. */
  readonly auth: {
    readonly confirmSubject: string;
    readonly confirmBody: (name: string | null, url: string, code: string) => string;
    readonly resetSubject: string;
    readonly resetBody: (name: string | null, url: string, code: string) => string;
    readonly claimSubject: string;
    readonly claimBody: (name: string | null, url: string) => string;
  };
}

/** Spanish for the decline codes of DECLINE_MESSAGES (server/adapters/payments/port.ts). */
export const DECLINE_REASONS_ES: Readonly<Record<string, string>> = {
  generic_decline: 'Su tarjeta fue rechazada.',
  card_declined: 'Su tarjeta fue rechazada.',
  insufficient_funds: 'Su tarjeta no tiene fondos suficientes.',
  expired_card: 'Su tarjeta está vencida.',
  incorrect_cvc: 'El código de seguridad de su tarjeta es incorrecto.',
  processing_error: 'Ocurrió un error al procesar su tarjeta. Inténtelo de nuevo en un momento.',
  authentication_required: 'Su tarjeta fue rechazada. Esta transacción requiere autenticación.',
};

const reasonEs = (failure: PaymentFailure): string => {
  if (failure.kind === 'declined') return DECLINE_REASONS_ES[failure.code] ?? 'Su tarjeta fue rechazada.';
  if (failure.kind === 'action') return 'Su banco le pide que confirme este pago.';
  return 'No se pudo procesar el pago.';
};

const helloEn = (name: string | null) => `Hello${name ? ` ${name}` : ''},`;
const helloEs = (name: string | null) => `Hola${name ? ` ${name}` : ''}:`;

export const RECIPIENT_TEXTS: Readonly<Record<Language, RecipientTexts>> = {
  en: {
    locale: 'en-US',
    ticket: {
      title: { opened: 'New ticket', comment: 'New reply on your ticket', closed: 'Ticket closed', updated: 'Ticket updated' },
      body: (number, subject) => `Ticket #${number}: ${subject}`,
      replySubject: (number) => `Support replied to ticket #${number}`,
      replyBody: (subject) => `Support replied to your ticket "${subject}". Read the answer in the help desk.`,
    },
    organization: {
      approvedTitle: 'Your organization is approved',
      rejectedTitle: 'Your organization was not approved',
      approvedSubject: 'Tendwell: your organization is approved',
      rejectedSubject: 'Tendwell: your organization was not approved',
      approvedBody: (name) => `${name} is approved: your team, appointments and payouts are open.`,
      rejectedBody: (name, note) => `${name} was not approved.${note ? ` ${note}` : ''} Reply to this message or open a ticket to talk to us.`,
      signIn: 'Sign in to start.',
    },
    payment: {
      failedTitle: 'Payment failed',
      failedSubject: 'Tendwell: your payment failed',
      failedBody: (service, failure) =>
        `We could not charge your card for ${service}: ${failure.message} Your visits are on hold until the next successful payment. Update your card in Billing.`,
      restoreError: MESSAGES.subscription_restore_error,
    },
    invoice: {
      title: (number) => `New invoice ${number}`,
      body: (from, total, due) => `${from} sent you an invoice for ${total}${due ? `, due ${due}` : ''}. You can pay it by card or decline it.`,
      subject: (number) => `Tendwell: new invoice ${number}`,
    },
    review: {
      subject: 'How was your visit?',
      body: (name) => `Hi${name ? ` ${name}` : ''}, thanks for choosing Tendwell. Would you tell us how your recent visit went? Leave a review from your appointments.`,
    },
    phoneCode: (code) => `Your Tendwell code is ${code}. It is valid for 30 minutes.`,
    auth: {
      confirmSubject: 'Confirm your Tendwell account',
      confirmBody: (name, url, code) =>
        `${helloEn(name)}\n\nConfirm your email address by opening this link (valid for 24 hours):\n${url}\n\nOr enter this code: ${code} (valid for 30 minutes).\n\nIf you did not sign up for Tendwell, ignore this email.`,
      resetSubject: 'Reset your Tendwell password',
      resetBody: (name, url, code) =>
        `${helloEn(name)}\n\nReset your password by opening this link (valid for 1 hour):\n${url}\n\nOr enter this code: ${code} (valid for 30 minutes).\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
      claimSubject: 'Your Tendwell account is ready',
      claimBody: (name, url) => `${helloEn(name)}\n\nAn account was created for you on Tendwell. Claim it and choose your password here (valid for 7 days):\n${url}`,
    },
  },
  es: {
    locale: 'es-US',
    ticket: {
      title: { opened: 'Nuevo ticket', comment: 'Nueva respuesta en su ticket', closed: 'Ticket cerrado', updated: 'Ticket actualizado' },
      body: (number, subject) => `Ticket #${number}: ${subject}`,
      replySubject: (number) => `Soporte respondió al ticket #${number}`,
      replyBody: (subject) => `Soporte respondió a su ticket “${subject}”. Lea la respuesta en el centro de ayuda.`,
    },
    organization: {
      approvedTitle: 'Su organización está aprobada',
      rejectedTitle: 'Su organización no fue aprobada',
      approvedSubject: 'Tendwell: su organización está aprobada',
      rejectedSubject: 'Tendwell: su organización no fue aprobada',
      approvedBody: (name) => `${name} está aprobada: su equipo, sus citas y sus pagos ya están disponibles.`,
      rejectedBody: (name, note) => `${name} no fue aprobada.${note ? ` ${note}` : ''} Responda este mensaje o abra un ticket para hablar con nosotros.`,
      signIn: 'Inicie sesión para comenzar.',
    },
    payment: {
      failedTitle: 'Pago fallido',
      failedSubject: 'Tendwell: su pago no se pudo realizar',
      failedBody: (service, failure) =>
        `No pudimos cobrar ${service} a su tarjeta: ${reasonEs(failure)} Sus visitas quedan en pausa hasta el próximo pago exitoso. Actualice su tarjeta en Facturación.`,
      restoreError: 'Hubo un error al restablecer la suscripción',
    },
    invoice: {
      title: (number) => `Nueva factura ${number}`,
      body: (from, total, due) => `${from} le envió una factura por ${total}${due ? `, con vencimiento el ${due}` : ''}. Puede pagarla con tarjeta o rechazarla.`,
      subject: (number) => `Tendwell: nueva factura ${number}`,
    },
    review: {
      subject: '¿Cómo estuvo su visita?',
      body: (name) => `Hola${name ? ` ${name}` : ''}, gracias por elegir Tendwell. ¿Nos cuenta cómo estuvo su visita reciente? Deje una reseña desde sus citas.`,
    },
    phoneCode: (code) => `Su código de Tendwell es ${code}. Es válido por 30 minutos.`,
    auth: {
      confirmSubject: 'Confirme su cuenta de Tendwell',
      confirmBody: (name, url, code) =>
        `${helloEs(name)}\n\nConfirme su correo electrónico abriendo este enlace (válido por 24 horas):\n${url}\n\nO ingrese este código: ${code} (válido por 30 minutos).\n\nSi no se registró en Tendwell, ignore este correo.`,
      resetSubject: 'Restablezca su contraseña de Tendwell',
      resetBody: (name, url, code) =>
        `${helloEs(name)}\n\nRestablezca su contraseña abriendo este enlace (válido por 1 hora):\n${url}\n\nO ingrese este código: ${code} (válido por 30 minutos).\n\nSi no lo solicitó, ignore este correo: su contraseña no cambia.`,
      claimSubject: 'Su cuenta de Tendwell está lista',
      claimBody: (name, url) => `${helloEs(name)}\n\nCreamos una cuenta para usted en Tendwell. Actívela y elija su contraseña aquí (válido por 7 días):\n${url}`,
    },
  },
};

/** The language the server writes to an account in: its preference, English when it has none ('default'). */
export const languageOfSettings = (settings: { readonly language_preference?: LanguagePreference | null } | null | undefined): Language =>
  resolveLanguage(settings?.language_preference, null);

export const recipientTexts = (language: Language): RecipientTexts => RECIPIENT_TEXTS[language];

/** An amount in cents written in the recipient's locale. */
export const recipientMoney = (texts: RecipientTexts, cents: number): string => formatCents(cents, texts.locale);

export interface Recipient {
  readonly id: string;
  readonly type: AccountType;
  readonly email: string;
  readonly language: Language;
  readonly texts: RecipientTexts;
}

/** The accounts `ids` with their e-mail and the texts of their language (accounts that do not exist are left out). */
export const recipientsOf = async (db: Db, ids: readonly string[]): Promise<Map<string, Recipient>> => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: accounts.id, type: accounts.type, email: accounts.primaryEmail, settings: accounts.settings }).from(accounts).where(inArray(accounts.id, unique));
  return new Map(
    rows.map((r) => {
      const language = languageOfSettings(r.settings);
      return [r.id, { id: r.id, type: r.type, email: r.email, language, texts: recipientTexts(language) }];
    }),
  );
};

/** One account as a recipient; undefined when it does not exist. */
export const recipientOf = async (db: Db, id: string): Promise<Recipient | undefined> => (await recipientsOf(db, [id])).get(id);
