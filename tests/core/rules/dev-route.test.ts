import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/model/roles';
import { canVisit, guardRoute } from '../../../src/core/rules/access';
import { DEV_FLOWS_PATH, ROUTES, findRoute, routeByName } from '../../../src/core/routes';

/** The flow explorer's route (ours): open to anyone in development, to super only in any other mode. */
describe('the /dev/flows route', () => {
  const devFlows = routeByName('devFlows');
  const guard = (role: Role, development?: boolean) =>
    guardRoute({ meta: devFlows.meta, session: { loggedIn: role !== 'none', role }, location: DEV_FLOWS_PATH, development });

  it('is a marked developer-tool route for super, matched before the catch-all', () => {
    expect(devFlows).toMatchObject({ path: '/dev/flows', area: 'dev', origin: 'tendwell' });
    expect(devFlows.meta).toMatchObject({ openInDevelopment: true, requiresAuth: true, allowedRoles: ['super'] });
    expect(findRoute('/dev/flows?chart=appointment').route.name).toBe('devFlows');
    expect(findRoute('/dev/other').route.name).toBe('notFound');
  });

  it('no spec route is open in development', () => {
    expect(ROUTES.filter((r) => r.meta.openInDevelopment).map((r) => r.name)).toEqual(['devFlows']);
  });

  it('in development anyone may open it, guests included', () => {
    for (const role of ['none', 'customer', 'vendor', 'organization', 'affiliate', 'super'] as const) {
      expect(guard(role, true), role).toEqual({ type: 'allow' });
    }
  });

  it('otherwise a guest signs in first and comes back', () => {
    for (const development of [false, undefined]) {
      expect(guard('none', development)).toEqual({ type: 'redirect', to: '/login?redirectFrom=%2Fdev%2Fflows', reason: 'signIn' });
    }
  });

  it('otherwise only super may open it; other roles are not authorized', () => {
    for (const development of [false, undefined]) {
      expect(guard('super', development)).toEqual({ type: 'allow' });
      for (const role of ['customer', 'vendor', 'organization', 'affiliate', 'admin'] as const) {
        expect(guard(role, development), role).toEqual({ type: 'redirect', to: '/not-authorized', reason: 'notAuthorized' });
      }
    }
  });

  it('development opens nothing else: a spec route keeps its guard', () => {
    const dashboard = findRoute('/dashboard').route.meta;
    expect(guardRoute({ meta: dashboard, session: { loggedIn: false, role: 'none' }, location: '/dashboard', development: true })).toMatchObject({ reason: 'signIn' });
    expect(guardRoute({ meta: findRoute('/admin').route.meta, session: { loggedIn: true, role: 'vendor' }, location: '/admin', development: true })).toMatchObject({
      reason: 'notAuthorized',
    });
  });

  it('canVisit says the same', () => {
    expect(canVisit(devFlows, { loggedIn: true, role: 'vendor' })).toBe(false);
    expect(canVisit(devFlows, { loggedIn: true, role: 'vendor' }, { development: true })).toBe(true);
    expect(canVisit(devFlows, { loggedIn: true, role: 'super' })).toBe(true);
  });
});
