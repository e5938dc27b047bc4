import { describe, expect, it } from 'vitest';
import { assistantIntentOf, isYes } from '../../../src/core/rules/assistant';
import { sniffContentType, uploadRefusal } from '../../../src/core/rules/media';
import { ticketRouteFor } from '../../../src/core/rules/tickets';

describe('upload rules (bookings §5)', () => {
  it('reads the type from the first bytes, not the name', () => {
    expect(sniffContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
  it('ticket files are jpg or png under 500 KB', () => {
    expect(uploadRefusal('ticket', 'image/png', 500 * 1024 - 1)).toBeUndefined();
    expect(uploadRefusal('ticket', 'image/png', 500 * 1024)).toBe('Ticket files must be under 500 KB');
    expect(uploadRefusal('ticket', 'image/webp', 10)).toBe('Ticket files must be jpg or png images');
    expect(uploadRefusal('document', 'application/pdf', 10)).toBeUndefined();
  });
});

describe('the assistant FAQ', () => {
  it('recognises the questions it answers, in English and Spanish', () => {
    expect(assistantIntentOf('When is my next visit?')).toBe('nextVisit');
    expect(assistantIntentOf('¿Cuándo es mi próxima visita?')).toBe('nextVisit');
    expect(assistantIntentOf('What is my balance')).toBe('balance');
    expect(assistantIntentOf('How do I pause for vacation?')).toBe('pause');
    expect(assistantIntentOf('I need to change my card')).toBe('changeCard');
    expect(assistantIntentOf('The dog dug up the lawn')).toBe('unknown');
    expect(isYes('yes please')).toBe(true);
    expect(isYes('no thanks')).toBe(false);
    expect(isYes('sí')).toBe(true);
    expect(isYes('Sí, por favor')).toBe(true);
    expect(isYes('yesterday')).toBe(false);
  });
});

describe('ticket routes per role', () => {
  it('links each party to its own help-desk route', () => {
    expect(ticketRouteFor('customer', 'a')).toBe('/help-desk/ticket/a');
    expect(ticketRouteFor('vendor', 'a')).toBe('/vendor/help-desk/a');
    expect(ticketRouteFor('organization', 'a')).toBe('/organization/help-desk/a');
    expect(ticketRouteFor('super', 'a')).toBe('/admin/help-desk/ticket/a');
  });
});
