/**
 * The embedded assistant's small FAQ (issue 10; bookings §7 leaves the bot's behaviour open): what a
 * message asks for, in English or Spanish. The server answers the data questions from the product's own
 * records; anything else is offered as a ticket with the conversation attached.
 */
export const AssistantIntents = ['nextVisit', 'balance', 'pause', 'changeCard', 'greeting', 'unknown'] as const;
export type AssistantIntent = (typeof AssistantIntents)[number];

const PATTERNS: readonly (readonly [AssistantIntent, RegExp])[] = [
  ['nextVisit', /\b(next|upcoming)\b.*\b(visit|appointment|mow|service)|\bwhen\b.*\b(visit|come|coming|appointment|mow)|pr[oó]xima\s+(visita|cita)|cu[aá]ndo\s+(vienen|viene|es\s+mi)/i],
  ['balance', /\b(balance|owe|bill|billing|charge|charged|invoice)\b|saldo|factura|cobr/i],
  ['pause', /\b(pause|vacation|hold|skip|stop\s+service)\b|pausa|vacaciones/i],
  ['changeCard', /\b(card|credit\s*card|payment\s+method|update\s+payment)\b|tarjeta|m[eé]todo\s+de\s+pago/i],
  ['greeting', /^\s*(hi|hello|hey|hola|buenas|good\s+(morning|afternoon|evening))\b[\s!.?]*$/i],
];

export const assistantIntentOf = (message: string): AssistantIntent => PATTERNS.find(([, re]) => re.test(message))?.[0] ?? 'unknown';

/** Answers a person's reply to "Shall I open a ticket?" */
// Not \b after the word: 'í' is no word character for a JavaScript regular expression, so \b would miss 'sí'.
export const isYes = (answer: string): boolean => /^\s*(y|yes|yeah|yep|sure|ok|okay|please|s[ií]|claro|vale)(?=$|[\s,.;:!?¡¿])/i.test(answer);

export const ASSISTANT_TEXTS = {
  greeting: 'Hello! I can tell you when your next visit is, your plan and charges, how to pause, or how to change your card. What do you need?',
  pause: 'To pause, open Subscriptions, choose your plan and press Pause. Pick the date to resume, or leave it open and resume whenever you like.',
  changeCard: 'To change your card, open Billing → Cards, add the new card and make it the default. The next charge uses the default card.',
  noVisit: 'You have no upcoming visit scheduled.',
  offerTicket: 'I could not find an answer to that. Shall I open a ticket with this conversation attached so support can help? Answer yes or no.',
  noHelpDesk: 'I could not find an answer to that. Please write to support from the Contact page and we will get back to you.',
  declined: 'Alright, no ticket. Ask me anything else.',
  notWaiting: 'The assistant is not waiting for an answer',
  canceled: 'This conversation has ended',
} as const;

/** The assistant's own words in Spanish (the person's language preference is es); errors stay the English spec texts. */
export const ASSISTANT_TEXTS_ES = {
  greeting: '¡Hola! Puedo decirte cuándo es tu próxima visita, tu plan y sus cargos, cómo pausar o cómo cambiar tu tarjeta. ¿Qué necesitas?',
  pause: 'Para pausar, abre Suscripciones, elige tu plan y pulsa Pausar. Elige la fecha para reanudar, o déjala abierta y reanuda cuando quieras.',
  changeCard: 'Para cambiar tu tarjeta, abre Facturación → Tarjetas, añade la nueva tarjeta y márcala como predeterminada. El próximo cobro usa la tarjeta predeterminada.',
  noVisit: 'No tienes ninguna visita programada.',
  offerTicket: 'No encontré una respuesta. ¿Abro un ticket con esta conversación adjunta para que soporte te ayude? Responde sí o no.',
  noHelpDesk: 'No encontré una respuesta. Escribe a soporte desde la página de Contacto y te responderemos.',
  declined: 'De acuerdo, sin ticket. Pregúntame lo que quieras.',
} as const;

export type AssistantLanguage = 'en' | 'es';
export const assistantTexts = (language: AssistantLanguage) => (language === 'es' ? ASSISTANT_TEXTS_ES : ASSISTANT_TEXTS);
