import { expect, test } from '@playwright/test';
import { appointmentRoles, appointmentScopes } from '../../src/core/rules/appointments';
import { FlowExplorerPage } from './pages/FlowExplorerPage';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

/**
 * The flow explorer at /dev/flows (ours). The e2e app is a production build, so the route is for super
 * only: a visitor signs in first and comes back; other roles are not authorized.
 */
test.describe('the flow explorer', () => {
  test('super steps an appointment from active to complete and sees reinstate blocked with its reason', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    const explorer = new FlowExplorerPage(page);

    await login.open('/dev/flows');
    await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fdev%2Fflows$/);
    await login.logIn('super@tendwell.test');
    await shell.expectPath('/dev/flows');
    await expect(explorer.heading).toBeVisible();

    await explorer.pickChart('appointment');
    await explorer.resetTo('active');
    await explorer.actAs('vendor');
    await explorer.quickDate('context.startTime', 'in 2 days');
    await expect(explorer.event('appointment.complete')).toHaveAttribute('data-enabled', 'true');

    await explorer.step('appointment.complete');
    await expect(explorer.status).toHaveText('complete');
    await expect(explorer.steps.last()).toContainText('active → complete');
    await expect(explorer.diagram.locator('[data-state="complete"]')).toHaveAttribute('data-current', 'true');

    const reinstate = explorer.event('appointment.reenable');
    await expect(reinstate).toHaveAttribute('data-blocked', 'not_allowed_in_status');
    await expect(reinstate.getByRole('button', { name: 'appointment.reenable' })).toHaveCount(0);
    await expect(reinstate).toContainText('Not offered in complete');
    await expect(explorer.refusals('appointment.reenable')).toContainText('appointment.reinstatable');
    await expect(explorer.refusals('appointment.reenable')).toContainText(appointmentScopes.reinstatable.spec);
  });

  test('a guard refusal names each failing guard and its spec sentence in the production build', async ({ page }) => {
    const login = new LoginPage(page);
    const explorer = new FlowExplorerPage(page);
    await login.open('/dev/flows');
    await login.logIn('super@tendwell.test');
    await expect(explorer.heading).toBeVisible();
    await explorer.resetTo('active');
    await explorer.quickDate('context.startTime', 'in 2 days');

    // Super may not complete a visit: and(isFieldRole, startWithinWindow) fails on isFieldRole alone.
    await expect(explorer.event('appointment.complete')).toHaveAttribute('data-blocked', 'blocked_by_guard');
    const refusals = explorer.refusals('appointment.complete');
    await expect(refusals.getByRole('listitem')).toHaveCount(1);
    await expect(refusals).toContainText('isFieldRole');
    await expect(refusals).toContainText(appointmentRoles.field.spec);
  });

  test('super watches the running session chart', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    const explorer = new FlowExplorerPage(page);
    await login.open('/login?redirectFrom=%2Fdev%2Fflows%3Fchart%3Dsession');
    await login.logIn('super@tendwell.test');
    await shell.expectPath('/dev/flows?chart=session');
    await expect(page.getByTestId('dev-flows-live-state')).toHaveText(/^signedIn\.ready/);
    await expect(explorer.diagram.locator('[data-state="signedIn"]')).toHaveAttribute('data-current', 'true');
  });

  test('in production another role is not authorized', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('vendor@tendwell.test');
    await shell.expectPath('/vendor/appointments');
    await page.goto('/dev/flows');
    await shell.expectPath('/not-authorized');
  });
});
