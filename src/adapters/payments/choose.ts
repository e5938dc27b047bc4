import type { PaymentsPort } from '../../core/ports/payments';
import type { HttpClient } from '../http/client';
import { createSandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';

/** Stripe.js when a publishable key is configured (loaded on first use), the sandbox card form otherwise. */
export const createPayments = ({ http, publishableKey }: { http: HttpClient; publishableKey?: string | undefined }): PaymentsPort =>
  publishableKey ? createStripePayments({ publishableKey }) : createSandboxPayments(http);
