/**
 * Demo help desk (bookings §3, §4): open, closed (within 7 days) and draft tickets with comments from both
 * sides and one png attachment, for customer@, vendor@ (of organization@) and organization@; saved responses.
 * Tickets start in their status as starting data (no audit rows), like the seeded appointments.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { DEMO_LAWN_PHOTO, DEMO_LAWN_PHOTO_KEY } from '../adapters/media/demo-files';
import { media, ticketComments, ticketResponses, tickets } from './schema';
import type { TicketPriorityValue, TicketSenderTypeValue, TicketStatusValue, TicketTypeValue } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Comment = readonly [sender: 'customer' | 'vendor' | 'organization' | 'super', body: string, daysAgo: number, media?: readonly string[]];

interface DemoTicket {
  readonly key: string;
  readonly account: 'customer' | 'vendor' | 'organization';
  readonly author: 'customer' | 'vendor' | 'organization' | 'super';
  readonly status: TicketStatusValue;
  readonly priority: TicketPriorityValue;
  readonly type: TicketTypeValue;
  readonly subject: string;
  readonly appointment?: string;
  readonly subscription?: boolean;
  readonly closedDaysAgo?: number;
  readonly comments: readonly Comment[];
}

const NAMES = { customer: 'Casey', vendor: 'Vic', organization: 'Greenway Lawn Co.', super: 'Sam Super' } as const;

export const DEMO_TICKETS: readonly DemoTicket[] = [
  {
    key: 'customer-open',
    account: 'customer',
    author: 'customer',
    status: 'open',
    priority: 'high',
    type: 'appointment',
    subject: 'Clippings left on the driveway',
    appointment: 'customer-completed',
    comments: [
      ['customer', 'After the last visit there were clippings all over the driveway. Photo attached.', 3, ['lawn-photo']],
      ['super', 'Sorry about that! We have told the crew and will check on the next visit.', 2],
    ],
  },
  {
    key: 'customer-waiting',
    account: 'customer',
    author: 'customer',
    status: 'open',
    priority: 'normal',
    type: 'subscription',
    subject: 'Can I switch to every two weeks?',
    subscription: true,
    comments: [['customer', 'I would like my mowing every two weeks from next month. Is that possible?', 1]],
  },
  {
    key: 'customer-closed',
    account: 'customer',
    author: 'customer',
    status: 'closed',
    priority: 'low',
    type: 'general',
    subject: 'Gate code changed',
    closedDaysAgo: 2,
    comments: [
      ['customer', 'The gate code is now 4321.', 4],
      ['super', 'Thanks, the crew has the new code. Closing this ticket.', 2],
    ],
  },
  {
    key: 'customer-draft',
    account: 'customer',
    author: 'customer',
    status: 'draft',
    priority: 'normal',
    type: 'general',
    subject: 'Question about my invoice',
    comments: [['customer', 'I was charged twice for', 0.5]],
  },
  {
    key: 'vendor-open',
    account: 'vendor',
    author: 'vendor',
    status: 'open',
    priority: 'urgent',
    type: 'general',
    subject: 'Mower broke down',
    comments: [
      ['vendor', 'My mower broke down; I may be late for tomorrow’s visits.', 1],
      ['organization', 'Take the spare from the depot, we will cover the route.', 0.8],
    ],
  },
  {
    key: 'organization-open',
    account: 'organization',
    author: 'organization',
    status: 'open',
    priority: 'normal',
    type: 'general',
    subject: 'Insurance document renewal',
    comments: [
      ['organization', 'Our insurance renews next week; where do we upload the new document?', 2],
      ['super', 'Upload it under Insurance in your profile; we will approve it within a day.', 1],
    ],
  },
];

export const DEMO_TICKET_RESPONSES: readonly (readonly [key: string, title: string, body: string, type: TicketTypeValue | null])[] = [
  ['thanks', 'Thanks, we are on it', 'Thank you for letting us know. We are looking into it and will get back to you shortly.', null],
  ['visit', 'Visit follow-up', 'We have told the crew about your visit and will check on it at the next appointment.', 'appointment'],
  ['plan', 'Plan change', 'You can change how often we come under Subscriptions → Manage. The change applies from the next billing cycle.', 'subscription'],
  ['closing', 'Closing the ticket', 'We believe this is settled, so we are closing this ticket. Reply in a new ticket if anything else comes up.', null],
];

export const seedHelpDesk = async (tx: SeedTx, at: (daysAgo: number) => Date, id: (name: string) => string): Promise<void> => {
  const account = (key: string) => id(`account:${key}`);
  await tx.insert(media).values({
    id: id('media:lawn-photo'),
    key: DEMO_LAWN_PHOTO_KEY,
    contentType: 'image/png',
    name: 'driveway.png',
    size: DEMO_LAWN_PHOTO.length,
    purpose: 'ticket',
    ownerAccountId: account('customer'),
    uploaderUserId: id('user:customer'),
    ticketId: null,
    createdAt: at(3),
  });
  for (const [i, t] of DEMO_TICKETS.entries()) {
    const ticketId = id(`ticket:${t.key}`);
    const created = at(t.comments[0]![2]);
    const updated = at(t.comments.at(-1)![2]);
    await tx.insert(tickets).values({
      id: ticketId,
      number: 1001 + i,
      accountId: account(t.account),
      accountType: t.account,
      organizationAccountId: t.account === 'vendor' ? account('organization') : null,
      authorUserId: id(`user:${t.author}`),
      status: t.status,
      priority: t.priority,
      type: t.type,
      subject: t.subject,
      fields: {},
      appointmentId: t.appointment ? id(`appointment:${t.appointment}`) : null,
      subscriptionId: t.subscription ? id('subscription:customer-mowing') : null,
      createdAt: created,
      updatedAt: updated,
      closedAt: t.closedDaysAgo !== undefined ? at(t.closedDaysAgo) : null,
    });
    for (const [j, [sender, body, daysAgo, files]] of t.comments.entries()) {
      const mediaIds = (files ?? []).map((f) => id(`media:${f}`));
      await tx.insert(ticketComments).values({
        id: id(`ticket:${t.key}:comment:${j}`),
        ticketId,
        senderId: sender === 'super' ? id('user:super') : account(sender),
        senderAccountType: sender as TicketSenderTypeValue,
        senderName: NAMES[sender],
        body,
        media: mediaIds,
        createdAt: at(daysAgo),
      });
      for (const m of mediaIds) await tx.update(media).set({ ticketId }).where(eq(media.id, m));
    }
  }
  // Human numbers continue after the demo's.
  await tx.execute(sql`select setval('tickets_number_seq', 1100)`);
  for (const [key, title, body, type] of DEMO_TICKET_RESPONSES) {
    await tx.insert(ticketResponses).values({ id: id(`ticket-response:${key}`), title, body, type, createdAt: at(30) });
  }
};
