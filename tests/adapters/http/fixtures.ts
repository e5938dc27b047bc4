import * as Schema from 'effect/Schema';
import { AccountId, NotificationId, TicketId } from '../../../src/core/model/ids';

/** Wire values as the reference server sends them. */
export const USER_ID = '5f1e3b2a9c8d7e6f5a4b3c2d';
export const ACCOUNT_ID = '6a1e3b2a9c8d7e6f5a4b3c2d';
export const TICKET_ID = '7b1e3b2a9c8d7e6f5a4b3c2d';
export const NOTIFICATION_ID = '8c1e3b2a9c8d7e6f5a4b3c2d';

export const account = {
  _id: ACCOUNT_ID,
  type: 'customer',
  primary_email: 'casey@example.com',
  first_name: 'Casey',
  meta: { initialSetup: true, skipOnboarding: false },
  settings: { language_preference: 'en', stripe_id: null },
};

export const userInfo = {
  _id: USER_ID,
  email: 'casey@example.com',
  role: 'customer',
  first_name: 'Casey',
  accounts: [{ id: ACCOUNT_ID, type: 'customer' }],
  registerVersion: null,
  account,
};

export const notification = {
  _id: NOTIFICATION_ID,
  type: 'alert',
  dismissed: false,
  has_read: false,
  created: '2025-05-01T10:00:00.000Z',
  title: 'Rain delay',
};

/** The same ids, branded as the ports take them. */
export const ids = {
  account: Schema.decodeUnknownSync(AccountId)(ACCOUNT_ID),
  notification: Schema.decodeUnknownSync(NotificationId)(NOTIFICATION_ID),
  ticket: Schema.decodeUnknownSync(TicketId)(TICKET_ID),
};
