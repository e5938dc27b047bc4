import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CardBrands, PaymentStatuses } from '../../../src/core/model/billing';
import { AddOnStatuses } from '../../../src/core/model/appointment';
import { InvoiceStatuses } from '../../../src/core/model/invoice';
import { Frequencies } from '../../../src/core/model/service';
import { SubscriptionStatuses } from '../../../src/core/model/subscription';
import en from '../../../src/ui/i18n/billing.en.json';
import es from '../../../src/ui/i18n/billing.es.json';
import appEn from '../../../src/ui/i18n/en.json';

/** The billing screens' own catalogue (src/ui/i18n/billing.{en,es}.json), loaded with those screens. */
const enMessages: Record<string, string> = en;
const esMessages: Record<string, string> = es;
const appMessages: Record<string, string> = appEn;
const SAME_IN_BOTH = new Set(['billing.brand.Visa', 'billing.brand.Mastercard', 'billing.brand.AmericanExpress', 'invoices.platform', 'invoices.write.subtotal']);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the billing catalogue', () => {
  it('has the same keys in English and Spanish, with the same placeholders, and real Spanish', () => {
    expect(Object.keys(esMessages).sort()).toEqual(Object.keys(enMessages).sort());
    for (const [id, text] of Object.entries(enMessages)) expect(placeholders(esMessages[id] ?? ''), id).toEqual(placeholders(text));
    expect(Object.keys(enMessages).filter((id) => !SAME_IN_BOTH.has(id) && enMessages[id] === esMessages[id])).toEqual([]);
    // No id is defined twice (the app's catalogue and this one are merged).
    expect(Object.keys(enMessages).filter((id) => id in appMessages)).toEqual([]);
  });

  it('defines every message id the billing screens use', () => {
    const dir = join(__dirname, '../../../src/ui/screens/billing');
    const source = readdirSync(dir)
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const literal = [...source.matchAll(/t\('([\w.]+)'/g)].map((m) => m[1]!);
    const templated = [
      ...SubscriptionStatuses.map((s) => `subscriptions.status.${s}`),
      ...Frequencies.map((f) => `subscriptions.frequency.${f}`),
      ...AddOnStatuses.map((s) => `subscriptions.addOns.status.${s}`),
      ...CardBrands.map((b) => `billing.brand.${b}`),
      ...PaymentStatuses.map((s) => `billing.payment.${s}`),
      ...InvoiceStatuses.map((s) => `billing.invoice.status.${s}`),
      ...['canceled', 'alreadyPaused', 'suspendedNoPause', 'unavailable'].map((c) => `subscriptions.why.${c}`),
      ...['change', 'cancel', 'pause', 'unpause'].map((c) => `subscriptions.done.subscription_${c}`),
    ];
    const missing = [...literal, ...templated].filter((id) => !(id in enMessages) && !(id in appMessages));
    expect(missing).toEqual([]);
  });
});
