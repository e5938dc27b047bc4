/**
 * The whole app (session chart, router, shell, screens) over fake actors, in a memory router: what the
 * view tests of the session drive. Each fake actor records its calls.
 */
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResult } from '../../../src/core/model/auth';
import type { Language } from '../../../src/core/model/language';
import type { UserInfo } from '../../../src/core/model/user';
import { loginMachine } from '../../../src/machines/flows/login.machine';
import type { NotificationId } from '../../../src/core/model/ids';
import type { Notification } from '../../../src/core/model/notification';
import type { NotificationChange } from '../../../src/core/rules/notifications';
import type { LiveEvent } from '../../../src/core/ports/live';
import { notificationsMachine } from '../../../src/machines/features/notifications.machine';
import { ticketsMachine, type TicketLists } from '../../../src/machines/features/tickets.machine';
import { sessionMachine, type LoadedUser } from '../../../src/machines/flows/session.machine';
import { App } from '../../../src/ui/app/App';
import type { ScreenRegistry } from '../../../src/ui/app/routing';
import type { SessionActor } from '../../../src/ui/app/session-context';
import { createToastStore } from '../../../src/ui/components/Toasts/toastStore';
import { AuthFlowsProvider } from '../../../src/ui/shared/AuthFlows';
import { invoicesMachine } from '../../../src/machines/features/invoices.machine';
import { BillingProvider, type BillingMachines } from '../../../src/ui/shared/Billing';
import { TicketsProvider, type TicketsMachines } from '../../../src/ui/shared/Tickets';
import { ShopProvider } from '../../../src/ui/shared/Shop';
import type { ShopMachines } from '../../../src/machines/features/shop-actors';
import { appointmentImagesMachine } from '../../../src/machines/features/appointment-images.machine';
import { photoUploadsMachine } from '../../../src/machines/features/photo-uploads.machine';
import { visitAfterMachine } from '../../../src/machines/features/visit-after.machine';
import { AppointmentsProvider, type AppointmentMachines } from '../../../src/ui/shared/Appointments';
import { appointmentDetailMachine } from '../../../src/machines/features/appointment-detail.machine';
import { vendorMoveMachine } from '../../../src/machines/features/vendor-move.machine';
import { locationSharingMachine } from '../../../src/machines/features/location-sharing.machine';
import { appointmentListMachine } from '../../../src/machines/features/appointment-list.machine';
import { teamQueueMachine } from '../../../src/machines/features/team-queue.machine';
import { billingMachine } from '../../../src/machines/features/billing.machine';
import { billingReadMachine } from '../../../src/machines/features/billing-read.machine';
import { subscriptionDetailMachine } from '../../../src/machines/features/subscription-detail.machine';
import { AvailabilityProvider, type AvailabilityMachines } from '../../../src/ui/shared/Availability';
import { ProfileProvider, type ProfileMachines } from '../../../src/ui/shared/Profile';
import { OrganizationProvider, type OrganizationMachines } from '../../../src/ui/shared/Organization';
import { OnboardingProvider, type OnboardingMachines } from '../../../src/ui/shared/Onboarding';
import { payoutSetupMachine } from '../../../src/machines/flows/payout-setup.machine';
import { MoneyProvider, type MoneyMachines } from '../../../src/ui/shared/Money';
import { moneyReportMachine } from '../../../src/machines/features/money-report.machine';
import { organizationReviewMachine } from '../../../src/machines/features/organization-review.machine';
import { teamListMachine } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine } from '../../../src/machines/features/team-vendor.machine';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine } from '../../../src/machines/features/service-areas.machine';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import { vendorAvailabilityMachine } from '../../../src/machines/features/availability.machine';
import { vendorOwnProfileMachine } from '../../../src/machines/features/vendor-profile.machine';
import { chatHelpMachine } from '../../../src/machines/features/chat-help.machine';
import { ticketComposerMachine } from '../../../src/machines/features/ticket-composer.machine';
import { ticketThreadMachine } from '../../../src/machines/features/ticket-thread.machine';
import { loaded, loginResults } from '../../machines/models/session.fixtures';
import { fakeFlows, type FakeActors } from '../auth/flows';

export interface SessionFakes {
  readonly storedToken?: string | null;
  readonly user?: UserInfo;
  readonly login?: Mock<(input: { username: string; password: string }) => Promise<LoginResult>>;
  readonly confirmAccount?: Mock<(input: { token: string }) => Promise<{ message: string }>>;
  readonly claimAccount?: Mock<(input: { token: string }) => Promise<{ reset_token: string }>>;
  readonly notifications?: readonly Notification[];
  /** Refuses every notification change with this error (e.g. 409 after a dismiss elsewhere). */
  readonly refuseChanges?: unknown;
  /** The help desk's lists (GET tickets active / past); a function answers each load afresh. */
  readonly tickets?: TicketLists | (() => Promise<TicketLists>);
  readonly browserLanguage?: string;
}

export function fakeSession(fakes: SessionFakes = {}) {
  const calls = {
    login: fakes.login ?? vi.fn(async () => loginResults.loggedIn as LoginResult),
    confirmAccount: fakes.confirmAccount ?? vi.fn(async () => ({ message: 'Your account is confirmed.' })),
    claimAccount: fakes.claimAccount ?? vi.fn(async () => ({ reset_token: 'reset-1' })),
    storeToken: vi.fn(async (_token: string) => undefined),
    logout: vi.fn(async () => undefined),
    switchAccount: vi.fn(async (_input: { accountId: string; accountType: string }) => Promise.reject(new Error('not in this test'))),
    saveLanguage: vi.fn(async (language: Language) => withLanguage(fakes.user, language)),
    loadUser: vi.fn(async (): Promise<LoadedUser> => {
      if (!user) throw new Error('no user in this test');
      return loaded(user);
    }),
    loadNotifications: vi.fn(async (): Promise<readonly Notification[]> => notifications),
    loadTickets: vi.fn(async (): Promise<TicketLists> =>
      typeof fakes.tickets === 'function' ? fakes.tickets() : (fakes.tickets ?? { active: [], past: [], counts: { all: 0, past: 0, active: 0 } }),
    ),
    changeNotification: vi.fn(async (input: { id: NotificationId; change: NotificationChange }): Promise<Notification> => {
      if (fakes.refuseChanges !== undefined) throw fakes.refuseChanges;
      const found = notifications.find((n) => n._id === input.id);
      if (!found) throw new Error('no such notification');
      const changed = { ...found, ...(input.change === 'dismiss' ? { dismissed: true } : { has_read: input.change === 'read' }) };
      notifications = notifications.map((n) => (n._id === input.id ? changed : n));
      return changed;
    }),
  };
  let notifications = fakes.notifications ?? [];
  let user = fakes.user;
  /** The live connection's listeners (the notifications chart subscribes); `live.emit` plays a server event. */
  const listeners = new Set<(event: LiveEvent) => void>();
  const live = {
    emit: (event: LiveEvent) => listeners.forEach((listener) => listener(event)),
    /** Changes what the server holds (another tab, the server itself). */
    setNotifications: (next: readonly Notification[]) => (notifications = next),
  };
  const machine = sessionMachine.provide({
    actors: {
      ping: fromPromise<void>(async () => undefined),
      readToken: fromPromise(async () => fakes.storedToken ?? null),
      storeToken: fromPromise(async ({ input }) => calls.storeToken(input.token)),
      rememberSmsMarker: fromPromise<void, { readonly email: string }>(async () => undefined),
      rememberTemporaryToken: fromPromise<void, { readonly token: string }>(async () => undefined),
      loginForm: loginMachine.provide({
        actors: {
          login: fromPromise(({ input }) => calls.login(input)),
          confirmAccount: fromPromise(({ input }) => calls.confirmAccount(input)),
          claimAccount: fromPromise(({ input }) => calls.claimAccount(input)),
        },
      }),
      loadUser: fromPromise(() => calls.loadUser()),
      live: fromCallback(() => () => undefined),
      logout: fromPromise<void>(() => calls.logout()),
      switchAccount: fromPromise(({ input }) => calls.switchAccount(input) as never),
      refreshToken: fromPromise(async () => ({ token: 'refreshed' })),
      saveLanguage: fromPromise(async ({ input }) => {
        const saved = await calls.saveLanguage(input.language);
        user = saved;
        return saved!;
      }),
      // The signed-in charts (a lazy chunk in the app), with fake actors.
      loadSignedInCharts: fromPromise(async () => ({
        tickets: ticketsMachine.provide({
          actors: {
            loadTickets: fromPromise(() => calls.loadTickets()),
            liveUpdates: fromCallback(({ sendBack }) => {
              const listener = (event: LiveEvent) => {
                if (event.type === 'live.resourceUpdated') sendBack(event);
              };
              listeners.add(listener);
              return () => listeners.delete(listener);
            }),
          },
        }),
        notifications: notificationsMachine.provide({
          actors: {
            loadNotifications: fromPromise(() => calls.loadNotifications()),
            changeNotification: fromPromise(({ input }) => calls.changeNotification(input)),
            liveUpdates: fromCallback(({ sendBack }) => {
              const listener = (event: LiveEvent) => {
                if (event.type === 'live.resourceUpdated') sendBack(event);
              };
              listeners.add(listener);
              return () => listeners.delete(listener);
            }),
          },
        }),
      })),
    },
  });
  const actor: SessionActor = createActor(machine, { input: { browserLanguage: fakes.browserLanguage ?? 'en-US' } });
  return { actor, calls, live, setUser: (next: UserInfo) => (user = next) };
}

const withLanguage = (user: UserInfo | undefined, language: Language): UserInfo | undefined =>
  user?.account ? { ...user, account: { ...user.account, settings: { ...user.account.settings, language_preference: language } } } : user;

/** The help-desk charts without actors (a test that opens a ticket screen passes its own fakes). */
const unprovidedHelpDesk: TicketsMachines = { thread: ticketThreadMachine, composer: ticketComposerMachine, chat: chatHelpMachine, now: () => '2026-11-23T12:00:00.000Z' };

/** The shop's charts when a test does not provide them: every shop screen fails loudly. */
const unprovidedShop = (): Promise<ShopMachines> => Promise.reject(new Error('the shop is not provided in this test'));

/** The appointment charts without actors (a test that opens an appointment screen passes its own fakes). */
const unprovidedAppointments: AppointmentMachines = {
  detail: appointmentDetailMachine,
  list: appointmentListMachine,
  photoUploads: photoUploadsMachine,
  visitAfter: visitAfterMachine,
  appointmentImages: appointmentImagesMachine,
  queue: teamQueueMachine,
  vendorMove: vendorMoveMachine,
  locationSharing: locationSharingMachine,
  now: () => '2026-11-23T12:00:00.000Z',
};

/** The billing charts without actors (a test that opens a billing screen passes its own fakes). */
const unprovidedBilling: BillingMachines = {
  cards: billingMachine,
  subscription: subscriptionDetailMachine,
  read: billingReadMachine,
  invoices: invoicesMachine,
  provider: 'sandbox',
  mountCardField: () => Promise.reject(new Error('no card field in tests')),
  now: () => '2026-11-23T12:00:00.000Z',
};

/** The vendor calendar's chart without actors (a test that opens /vendor/availability passes its own fakes). */
const unprovidedVendorCalendar: AvailabilityMachines = { availability: vendorAvailabilityMachine, today: () => '2026-11-23' };
/** The profile feature's chart without actors. */
const unprovidedProfile: ProfileMachines = { vendorProfile: vendorOwnProfileMachine };
const unprovidedTeam: OrganizationMachines = {
  review: organizationReviewMachine,
  list: teamListMachine,
  invite: vendorInviteMachine,
  profile: vendorProfileMachine,
  dashboard: organizationDashboardMachine,
  areas: serviceAreasMachine,
  orgProfile: organizationProfileMachine,
  zipLookup: zipLookupMachine,
};
/** The money report chart without actors (a test that opens a money report passes its own fakes). */
const unprovidedMoney: MoneyMachines = { report: moneyReportMachine };

/** Renders the app at `path` over a fake session (started here) and fake auth flows (`flowFakes`, returned for inspection). */
/** What a test may hand the app beside the session: screens, flow fakes, and each feature's charts (one optional field per provider). */
export interface RenderOptions {
  readonly screens?: ScreenRegistry;
  readonly flowFakes?: FakeActors;
  readonly helpDesk?: TicketsMachines;
  readonly appointments?: AppointmentMachines;
  readonly billing?: BillingMachines;
  readonly vendorCalendar?: AvailabilityMachines;
  readonly profile?: ProfileMachines;
  readonly shop?: ShopMachines;
  readonly team?: OrganizationMachines;
  readonly payoutOnboarding?: OnboardingMachines;
  readonly money?: MoneyMachines;
}

export function renderApp(path: string, fakes: SessionFakes = {}, options: RenderOptions = {}) {
  const session = fakeSession(fakes);
  const location = memoryLocation({ path, record: true });
  const toasts = createToastStore();
  const { flows, signIn, fakes: flowFakes } = fakeFlows(options.flowFakes);
  session.actor.start();
  const view = render(
    <AuthFlowsProvider value={flows}>
      <TicketsProvider value={options.helpDesk ?? unprovidedHelpDesk}>
        <AppointmentsProvider value={options.appointments ?? unprovidedAppointments}>
          <BillingProvider value={options.billing ?? unprovidedBilling}>
            <AvailabilityProvider value={options.vendorCalendar ?? unprovidedVendorCalendar}>
              <ShopProvider value={options.shop ?? unprovidedShop}>
                <OrganizationProvider value={options.team ?? unprovidedTeam}>
                  <MoneyProvider value={options.money ?? unprovidedMoney}>
                    <OnboardingProvider value={options.payoutOnboarding ?? { flow: payoutSetupMachine }}>
                      <ProfileProvider value={options.profile ?? unprovidedProfile}>
                        <App session={session.actor} version="1.2.34" toasts={toasts} locationHook={location.hook} {...(options.screens ? { screens: options.screens } : {})} />
                      </ProfileProvider>
                    </OnboardingProvider>
                  </MoneyProvider>
                </OrganizationProvider>
              </ShopProvider>
            </AvailabilityProvider>
          </BillingProvider>
        </AppointmentsProvider>
      </TicketsProvider>
    </AuthFlowsProvider>,
  );
  /** The path (and query) the app shows now. */
  const current = () => location.history?.at(-1) ?? path;
  return { ...view, ...session, location, current, toasts, signIn, flowFakes };
}
