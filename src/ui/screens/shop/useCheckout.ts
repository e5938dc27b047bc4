import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CheckoutStep } from '../../../machines/features/checkout.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import { useSessionSelector } from '../../app/session-context';
import { useShopMachines } from '../../shared/Shop';

/**
 * The checkout chart of one shop screen: created with the screen's step (and the service of /services/{id},
 * and the page's query), it follows the chart's `navigate`.
 */
export function useCheckout(step: CheckoutStep, serviceId?: string) {
  const machines = useShopMachines();
  const account = useSessionSelector(selectAccount);
  const search = useSearch();
  const [, navigate] = useLocation();
  const actor = useActorRef(machines.checkout, {
    input: { step, accountId: account?._id ?? '', serviceId, query: Object.fromEntries(new URLSearchParams(search)), newKey: machines.newKey },
  });
  useEffect(() => {
    const sub = actor.on('navigate', (event) => navigate(event.to));
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, machines };
}
