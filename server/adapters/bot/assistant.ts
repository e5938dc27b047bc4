/**
 * The bot port: who answers a person's message in the chat-help widget. The embedded default answers from
 * the product's own data (through `AssistantData`) and a small FAQ (src/core/rules/assistant.ts); when it
 * cannot help it says so, and the bot service offers a ticket with the conversation attached. A hosted
 * assistant would implement the same interface.
 */
import { assistantIntentOf, assistantTexts, type AssistantLanguage } from '../../../src/core/rules/assistant';
import { formatCents } from '../../../src/core/rules/money';

export interface NextVisit {
  readonly start: Date;
  readonly service: string;
  readonly address: string | null;
}
export interface PlanFacts {
  readonly service: string;
  /** Cents per visit. */
  readonly price: number | null;
  readonly frequency: string;
  readonly status: string;
}

/** What the assistant may look up about the person it talks to. */
export interface AssistantData {
  nextVisit(): Promise<NextVisit | null>;
  plans(): Promise<readonly PlanFacts[]>;
}

export interface AssistantAnswer {
  readonly text: string;
  /** True when the assistant could not help (the service then offers a ticket). */
  readonly unanswered: boolean;
}

export interface Assistant {
  /** Answers in the person's language (English unless their preference is Spanish). */
  answer(message: string, data: AssistantData, language?: AssistantLanguage): Promise<AssistantAnswer>;
}

const when = (d: Date, language: AssistantLanguage) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(d);

export const embeddedAssistant: Assistant = {
  async answer(message, data, language = 'en') {
    const texts = assistantTexts(language);
    const es = language === 'es';
    switch (assistantIntentOf(message)) {
      case 'greeting':
        return { text: texts.greeting, unanswered: false };
      case 'pause':
        return { text: texts.pause, unanswered: false };
      case 'changeCard':
        return { text: texts.changeCard, unanswered: false };
      case 'nextVisit': {
        const visit = await data.nextVisit();
        if (!visit) return { text: texts.noVisit, unanswered: false };
        const at = visit.address ? (es ? ` en ${visit.address}` : ` at ${visit.address}`) : '';
        return { text: es ? `Tu próxima visita es ${visit.service} el ${when(visit.start, language)}${at}.` : `Your next visit is ${visit.service} on ${when(visit.start, language)}${at}.`, unanswered: false };
      }
      case 'balance': {
        const plans = (await data.plans()).filter((p) => p.status !== 'canceled');
        if (!plans.length)
          return { text: es ? 'No tienes ningún plan activo, así que no debes nada. Los cobros anteriores están en Facturación.' : 'You have no active plan, so nothing is due. Past charges are under Billing.', unanswered: false };
        const lines = plans.map((p) =>
          es
            ? `${p.service}: ${p.price !== null ? `${formatCents(p.price)} por visita` : 'precio según tu pedido'} (${p.frequency}, ${p.status})`
            : `${p.service}: ${p.price !== null ? `${formatCents(p.price)} per visit` : 'price on your order'} (${p.frequency}, ${p.status})`,
        );
        return {
          text: es
            ? `Tus planes: ${lines.join('; ')}. Cada visita se cobra después de hacerse; tus facturas están en Facturación.`
            : `Your plans: ${lines.join('; ')}. Each visit is charged after it is done; your invoices are under Billing.`,
          unanswered: false,
        };
      }
      default:
        return { text: texts.offerTicket, unanswered: true };
    }
  },
};
