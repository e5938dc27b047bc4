import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { selectReloadingUser } from '../../../machines/flows/session.machine';
import { useSession, useSessionSelector } from '../../app/session-context';
import { visitIcs } from '../../../core/rules/checkout';
import { selectOrderMode } from '../../../machines/features/order-success.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { messageForError } from '../../i18n/errors';
import { useShopMachines } from '../../shared/Shop';
import { money } from './money';
import { withShopMessages } from '../../i18n/shop-messages';
import styles from './Shop.module.css';
import { visitDateTime } from '../../shared/visit-time';

/** /order-success/{id}: what was bought, the first visit, and an .ics file to add it to a calendar. */
function OrderSuccessScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const machines = useShopMachines();
  const actor = useActorRef(machines.orderSuccess, { input: { orderId: params?.id ?? '' } });
  const mode = useSelector(actor, selectOrderMode);
  const { order, visit, error } = useSelector(actor, (s) => s.context);
  const session = useSession();
  const reloading = useSessionSelector(selectReloadingUser);
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<'no' | 'asked' | 'reloading'>('no');
  // The first order finished the customer's set-up on the server: the user is loaded again before the dashboard.
  useEffect(() => {
    if (leaving === 'asked' && reloading) setLeaving('reloading');
    if (leaving === 'reloading' && !reloading) navigate('/dashboard');
  }, [leaving, reloading, navigate]);

  const ics = useMemo(() => {
    if (!visit) return null;
    const text = visitIcs({
      uid: visit._id,
      title: visit.service_data.name,
      start: visit.start_time,
      durationMinutes: visit.duration ?? 60,
      location: visit.address_data?.address_formatted,
      now: machines.now(),
    });
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([text], { type: 'text/calendar' })) : `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
  }, [visit, machines]);
  useEffect(() => () => {
    if (ics?.startsWith('blob:')) URL.revokeObjectURL(ics);
  }, [ics]);

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error' || !order)
    return (
      <section className={styles.page} role="alert">
        <h1 className={styles.title}>{t('shop.success.errorTitle')}</h1>
        <p className={styles.error}>{error ? messageForError(error, intl) : t('error.generic')}</p>
        <div>
          <Button onClick={() => actor.send({ type: 'order.retry' })}>{t('common.tryAgain')}</Button>
        </div>
      </section>
    );
  return (
    <section className={styles.page} aria-labelledby="success-title">
      <h1 id="success-title" className={styles.title}>
        {t('shop.success.title')}
      </h1>
      <p className={styles.lead}>{t('shop.success.lead', { service: order.service_data?.name ?? '' })}</p>
      {order.total !== undefined ? <p>{t('shop.success.paid', { total: money(intl, order.total) })}</p> : null}
      {visit ? (
        <div className={styles.section}>
          <h2 className={styles.subtitle}>{t('shop.success.firstVisit')}</h2>
          <p>{visitDateTime(intl, visit.start_time, visit)}</p>
          {visit.address_data ? <p className={styles.muted}>{visit.address_data.address_formatted}</p> : null}
          {ics ? (
            <a href={ics} download={`tendwell-visit-${visit._id}.ics`}>
              {t('shop.success.ics')}
            </a>
          ) : null}
        </div>
      ) : (
        <p>{t('shop.success.noVisit')}</p>
      )}
      <div>
        <Button
          loading={leaving !== 'no'}
          onClick={() => {
            setLeaving('asked');
            session.send({ type: 'user.reload' });
          }}
        >
          {t('shop.success.dashboard')}
        </Button>
      </div>
    </section>
  );
}

export default withShopMessages(OrderSuccessScreen);
