import type { LiveHub } from '../adapters/live';
import { type TokenService, createTokenService } from '../auth/tokens';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { type AppointmentService, createAppointmentService } from './appointments';
import { type AuditQueryService, createAuditQueryService } from './audit-query';
import { type AuthService, createAuthService } from './auth';
import { type NotificationService, createNotificationService } from './notifications';
import { type OutboxService, createOutbox } from './outbox';
import { type RateLimiter, createRateLimiter } from './rate-limit';
import { type SocialIdentityProvider, devSocialProvider, noSocialProvider } from './social';
import { type SubscriptionService, createSubscriptionService } from './subscriptions';
import { type MediaService, createMediaService } from './media';
import { type BotService, createBotService } from './bot';
import { type Assistant, embeddedAssistant } from '../adapters/bot/assistant';
import { type TicketService, createTicketService } from './tickets';
import { type MediaStore, createDiskMediaStore } from '../adapters/media/store';
import { type TransitionService, createTransitionService } from './transitions';
import { type UserService, createUserService } from './users';

/** Everything a handler may use, built once per app. */
export interface Services {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly outbox: OutboxService;
  readonly live: LiveHub;
  readonly tokens: TokenService;
  readonly auth: AuthService;
  readonly users: UserService;
  readonly notifications: NotificationService;
  readonly social: SocialIdentityProvider;
  readonly rateLimit: RateLimiter;
  /** The one way any record's status changes (chart + audit row, one transaction); see transitions.ts. */
  readonly transitions: TransitionService;
  readonly appointments: AppointmentService;
  readonly subscriptions: SubscriptionService;
  readonly audit: AuditQueryService;
  readonly tickets: TicketService;
  readonly media: MediaService;
  readonly bot: BotService;
}

export interface ServiceOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly live: LiveHub;
  /**
   * The social-identity provider. Default: the development provider (`dev:<email>:<name>` tokens) outside
   * production; in production nothing verifies until a real provider is configured.
   */
  readonly social?: SocialIdentityProvider;
  /** The media port; default: the directory config.mediaDir. */
  readonly mediaStore?: MediaStore;
  /** The bot port; default: the embedded assistant. */
  readonly assistant?: Assistant;
}

export const createServices = ({ db, clock, config, live, social, mediaStore, assistant }: ServiceOptions): Services => {
  const socialProvider = social ?? (config.production ? noSocialProvider : devSocialProvider);
  const outbox = createOutbox({ db, clock });
  const rateLimit = createRateLimiter({ db, clock });
  const tokens = createTokenService({ db, clock, config });
  const users = createUserService({ db, clock, rateLimit });
  const transitions = createTransitionService({ db, clock });
  const auth = createAuthService({ db, clock, config, tokens, outbox, rateLimit, users, social: socialProvider, transitions });
  const notifications = createNotificationService({ db, clock, live, transitions });
  const appointments = createAppointmentService({ db, transitions });
  const subscriptions = createSubscriptionService({ db, clock, transitions });
  const audit = createAuditQueryService({ db });
  const tickets = createTicketService({ db, clock, live, transitions, notifications, outbox });
  const media = createMediaService({ db, clock, store: mediaStore ?? createDiskMediaStore(config.mediaDir), secret: config.tokenSecret, tickets });
  const bot = createBotService({ db, clock, assistant: assistant ?? embeddedAssistant, tickets, outbox });
  return {
    db,
    clock,
    config,
    outbox,
    live,
    tokens,
    auth,
    users,
    notifications,
    social: socialProvider,
    rateLimit,
    transitions,
    appointments,
    subscriptions,
    audit,
    tickets,
    media,
    bot,
  };
};
