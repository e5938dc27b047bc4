import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROUTES_BY_NAME } from '../../../src/core/routes';
import { LazyScreen } from '../../../src/ui/app/lazy-screen';
import { SessionProvider } from '../../../src/ui/app/session-context';
import { authScreens } from '../../../src/ui/screens/auth/registry';
import { CustomerOnboardingScreen } from '../../../src/ui/screens/onboarding/CustomerOnboardingScreen';
import { PendingApprovalScreen } from '../../../src/ui/screens/onboarding/PendingApprovalScreen';
import { payoutSetupMachine } from '../../../src/machines/flows/payout-setup.machine';
import { OnboardingProvider } from '../../../src/ui/shared/Onboarding';
import { renderUi } from '../render';
import { fakeSession } from '../session/harness';
import { apiError, defaultFakes, renderWithFlows } from '../auth/flows';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('customer onboarding', () => {
  it("offers the 'What is Tendwell?' modal", async () => {
    const user = userEvent.setup();
    renderWithFlows(<CustomerOnboardingScreen />);
    await user.click(await screen.findByRole('button', { name: 'What is Tendwell?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What is Tendwell?' });
    expect(within(dialog).getByText(/marketplace for recurring home services/)).toBeTruthy();
  });

  it('walks profile, language and the first password of a quick sign-up, then says what remains', async () => {
    const user = userEvent.setup();
    const { fakes } = renderWithFlows(<CustomerOnboardingScreen />);
    const first = await screen.findByLabelText(/^First name/, { selector: 'input' });
    expect((first as HTMLInputElement).value).toBe('Pat');
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(fakes.onboarding.saveProfile).not.toHaveBeenCalled();
    await user.type(first, 'Patricia');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('group', { name: /The language of Tendwell/ })).toBeTruthy();
    expect(fakes.onboarding.saveProfile).toHaveBeenCalledWith({ first_name: 'Patricia', last_name: 'Doe' });
    await user.click(screen.getByRole('radio', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/You signed up without a password/)).toBeTruthy();
    expect(fakes.onboarding.saveLanguage).toHaveBeenCalledWith({ language: 'es' });
    await user.type(field(/^New password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/book your first service/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a service' }).getAttribute('href')).toBe('/services');
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeTruthy();
    expect(fakes.onboarding.setPassword).toHaveBeenCalledWith({ password: 'garden-path' });
    expect(fakes.onboarding.forgetResetToken).toHaveBeenCalled();
    expect(screen.getByText('Password updated!')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Next steps' })).toBeTruthy();
  });

  it('keeps the draft and says why when saving fails', async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.onboarding.saveProfile.mockRejectedValueOnce(apiError('Network Error', 'network_error'));
    renderWithFlows(<CustomerOnboardingScreen />, { fakes });
    const last = await screen.findByLabelText(/^Last name/, { selector: 'input' });
    await user.clear(last);
    await user.type(last, 'Smith');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error');
    expect((last as HTMLInputElement).value).toBe('Smith');
  });
});

describe('the other onboarding routes', () => {
  it('the pending-approval page explains the wait and offers to log out', () => {
    renderUi(<PendingApprovalScreen />);
    expect(screen.getByRole('heading', { name: 'Your organization is waiting for approval' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });
});

describe('authScreens', () => {
  it('is keyed by route names of src/core/routes.ts: the sign-up, SMS and onboarding routes', () => {
    for (const name of Object.keys(authScreens)) expect(ROUTES_BY_NAME.has(name), name).toBe(true);
    expect(Object.keys(authScreens).sort()).toEqual(
      [
        'register',
        'registerCustomerQuick',
        'registerQuick',
        'registerOrganization',
        'registerAffiliate',
        'registerVerifySms',
        'customer.onboarding',
        'vendor.onboarding',
        'organization.onboarding',
        'organization.pendingApproval',
        'affiliate.onboarding',
      ].sort(),
    );
  });

  it('loads each screen lazily and renders it with its route props', async () => {
    // Some screens talk to the session (the pending-approval page's 'Check again').
    const { actor } = fakeSession();
    for (const [name, load] of Object.entries(authScreens)) {
      const route = ROUTES_BY_NAME.get(name)!;
      const view = renderWithFlows(
        <SessionProvider session={actor}>
          <OnboardingProvider value={{ flow: payoutSetupMachine }}>
            <LazyScreen load={load} route={route} params={{}} />
          </OnboardingProvider>
        </SessionProvider>,
        { path: route.path },
      );
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent, name).not.toBe('This page didn’t load');
      view.unmount();
    }
  });
});
