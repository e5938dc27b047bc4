import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { outbox } from '../db/schema';

/** An email or text message to send. `code` and `link` are what the message carries, kept for /dev/outbox. */
export interface OutgoingMessage {
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly subject?: string;
  readonly body: string;
  readonly code?: string | null;
  readonly link?: string | null;
}

/** A stored message as the dev outbox shows it (the wire shape of `OutboxMessage`). */
export interface OutboxMessage {
  readonly _id: string;
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly code: string | null;
  readonly link: string | null;
  readonly createdAt: string;
}

export interface OutboxService {
  send(message: OutgoingMessage): Promise<OutboxMessage>;
  /** Every stored message, newest last; only those sent to `to` (case-insensitive) when given. */
  list(to?: string): Promise<OutboxMessage[]>;
}

/** The embedded messaging provider: every message is stored in the outbox table (SMTP/SMS providers may relay later). */
export const createOutbox = ({ db, clock }: { db: Db; clock: Clock }): OutboxService => {
  const toWire = (row: typeof outbox.$inferSelect): OutboxMessage => ({
    _id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    code: row.code,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async send(message) {
      const to = message.channel === 'email' ? message.to.trim().toLowerCase() : message.to.trim();
      const [row] = await db
        .insert(outbox)
        .values({
          id: newId(),
          channel: message.channel,
          to,
          subject: message.subject ?? '',
          body: message.body,
          code: message.code ?? null,
          link: message.link ?? null,
          createdAt: clock.now(),
        })
        .returning();
      return toWire(row!);
    },
    async list(to) {
      const filter = to?.trim();
      const rows = await db
        .select()
        .from(outbox)
        .where(filter ? eq(outbox.to, filter.includes('@') ? filter.toLowerCase() : filter) : undefined)
        .orderBy(asc(outbox.seq));
      return rows.map(toWire);
    },
  };
};
