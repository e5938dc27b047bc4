import { expect, type APIRequestContext } from '@playwright/test';

/** A message of the dev outbox (GET /api/dev/outbox, openapi/schemas/dev.yaml OutboxMessage). */
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

/** The server's dev outbox: every email and text message it "sent", newest last. */
export class OutboxApi {
  constructor(readonly request: APIRequestContext) {}

  async list(to: string): Promise<OutboxMessage[]> {
    const response = await this.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as OutboxMessage[];
  }

  /** How many messages `to` has received so far (to wait for the next one). */
  async count(to: string): Promise<number> {
    return (await this.list(to)).length;
  }

  /** Waits for a message to `to` newer than the first `after` ones that matches, and returns it. */
  async next(to: string, after: number, matches: (message: OutboxMessage) => boolean = () => true): Promise<OutboxMessage> {
    let found: OutboxMessage | undefined;
    await expect
      .poll(async () => {
        found = (await this.list(to)).slice(after).filter(matches).at(-1);
        return found !== undefined;
      }, { message: `a message to ${to}` })
      .toBe(true);
    return found!;
  }

  /** The newest code texted or emailed to `to` after the first `after` messages. */
  async code(to: string, after: number): Promise<string> {
    const message = await this.next(to, after, (m) => m.code !== null);
    return message.code!;
  }

  /** The newest link emailed to `to` after the first `after` messages whose path and query contain `contains`. */
  async link(to: string, after: number, contains: string): Promise<string> {
    const message = await this.next(to, after, (m) => m.link !== null && m.link.includes(contains));
    return message.link!;
  }
}
