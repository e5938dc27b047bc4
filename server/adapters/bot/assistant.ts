/**
 * The bot port: who answers a person's message in the chat-help widget. The embedded default answers from
 * the product's own data (through `AssistantData`) and a small FAQ (src/core/rules/assistant.ts); when it
 * cannot help it says so, and the bot service offers a ticket with the conversation attached. A hosted
 * assistant would implement the same interface.
 */
import { ASSISTANT_TEXTS, assistantIntentOf } from '../../../src/core/rules/assistant';
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
  answer(message: string, data: AssistantData): Promise<AssistantAnswer>;
}

const when = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(d);

export const embeddedAssistant: Assistant = {
  async answer(message, data) {
    switch (assistantIntentOf(message)) {
      case 'greeting':
        return { text: ASSISTANT_TEXTS.greeting, unanswered: false };
      case 'pause':
        return { text: ASSISTANT_TEXTS.pause, unanswered: false };
      case 'changeCard':
        return { text: ASSISTANT_TEXTS.changeCard, unanswered: false };
      case 'nextVisit': {
        const visit = await data.nextVisit();
        if (!visit) return { text: ASSISTANT_TEXTS.noVisit, unanswered: false };
        return { text: `Your next visit is ${visit.service} on ${when(visit.start)}${visit.address ? ` at ${visit.address}` : ''}.`, unanswered: false };
      }
      case 'balance': {
        const plans = (await data.plans()).filter((p) => p.status !== 'canceled');
        if (!plans.length) return { text: 'You have no active plan, so nothing is due. Past charges are under Billing.', unanswered: false };
        const lines = plans.map((p) => `${p.service}: ${p.price !== null ? `${formatCents(p.price)} per visit` : 'price on your order'} (${p.frequency}, ${p.status})`);
        return { text: `Your plans: ${lines.join('; ')}. Each visit is charged after it is done; your invoices are under Billing.`, unanswered: false };
      }
      default:
        return { text: ASSISTANT_TEXTS.offerTicket, unanswered: true };
    }
  },
};
