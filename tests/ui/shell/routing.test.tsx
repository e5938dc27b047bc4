import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteScreen, useRouteMatch } from '../../../src/ui/app/routing';
import type { ScreenProps } from '../../../src/ui/app/routing';
import { renderUi } from '../render';

function Service({ params }: ScreenProps) {
  return <h1>Service {params.id}</h1>;
}

function Routed() {
  const match = useRouteMatch();
  return <RouteScreen match={match} screens={{ 'customer.service': Service }} />;
}

describe('RouteScreen', () => {
  it('renders the registered screen with its params', () => {
    renderUi(<Routed />, { path: '/services/abc' });
    expect(screen.getByRole('heading', { name: 'Service abc' })).toBeTruthy();
  });

  it("shows 'coming soon' for a route nobody built yet", () => {
    renderUi(<Routed />, { path: '/contributions' });
    expect(screen.getByRole('heading', { name: 'This part of Tendwell is coming soon' })).toBeTruthy();
  });

  it('renders the shell screens: not found, not authorized', () => {
    const { unmount } = renderUi(<Routed />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    unmount();
    renderUi(<Routed />, { path: '/not-authorized' });
    expect(screen.getByText('You are not allowed to view this route.')).toBeTruthy();
  });
});
