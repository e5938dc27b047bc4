import { describe, expect, it } from 'vitest';
import { alertRouteTarget, pendingAlert } from '../../../src/core/rules/alerts';

describe('customer alert route', () => {
  it('shows when an undismissed alert exists, else /dashboard', () => {
    const alert = { type: 'alert', dismissed: false };
    expect(pendingAlert([{ type: 'info', dismissed: false }, alert])).toBe(alert);
    expect(alertRouteTarget([alert])).toBe('show');
    expect(alertRouteTarget([{ type: 'alert', dismissed: true }, { type: 'info', dismissed: false }])).toBe('/dashboard');
    expect(alertRouteTarget([])).toBe('/dashboard');
  });
});
