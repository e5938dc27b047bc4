import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Subscription } from '../../../core/model/subscription';
import { addOnName, planChanges, refusalCode, subscriptionPrice, type PlanChange, type SubscriptionAction } from '../../../core/rules/billing';
import {
  sameCan,
  selectCanChangeTo,
  selectDetailBusy,
  selectDetailCan,
  selectDetailError,
  selectDetailMode,
  selectDetailPlans,
  selectDetailSubscription,
  type DetailActor,
} from '../../../machines/features/subscription-detail.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { Tag } from '../../components/Tag/Tag';
import { useToasts } from '../../components/Toasts/useToasts';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { BillingIntl, Page, ReadState, StatusTag, useFormat, useT } from './shared';

/**
 * /subscriptions/{id} (issue 8, bookings §4): one subscription — its plan, price, address, next visit, add-ons —
 * and what its customer may do with it: change the frequency or plan (the new price shown before confirming),
 * pause, unpause (on schedule or before it), cancel after a confirmation. Each button is offered when the
 * subscription chart accepts its event; an action it refuses is explained in the spec's words. A suspended
 * subscription says why and links to /billing to update the card.
 */
export default function SubscriptionScreen({ params }: Partial<ScreenProps>) {
  const machines = useBillingMachines();
  const role = useSessionSelector(selectRole);
  const detail = useActorRef(machines.subscription, { input: { subscriptionId: params?.id ?? '', role, now: machines.now } });
  return (
    <BillingIntl>
      <Detail detail={detail} />
    </BillingIntl>
  );
}

type Confirm = 'cancel' | 'pause' | 'unpause' | null;

function Detail({ detail }: { detail: DetailActor }) {
  const t = useT();
  const toasts = useToasts();
  const mode = useSelector(detail, selectDetailMode);
  const error = useSelector(detail, selectDetailError);
  const subscription = useSelector(detail, selectDetailSubscription);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [beforeSchedule, setBeforeSchedule] = useState(false);

  useEffect(() => {
    const notices = detail.on('notify', (event) =>
      toasts.show(event.kind === 'success' ? { kind: 'success', message: { text: t(`subscriptions.done.${event.code}`) } } : { kind: 'error', message: { error: { code: event.code, message: event.message } } }),
    );
    return () => notices.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language; one subscription per chart
  }, [detail, toasts]);

  const back = { href: '/subscriptions', label: t('subscriptions.back') };
  if (mode !== 'ready' || !subscription)
    return (
      <Page title={t('subscriptions.detailTitle')} back={back}>
        <ReadState mode={mode === 'ready' ? 'error' : mode} error={error} onRetry={() => detail.send({ type: 'detail.retry' })} />
      </Page>
    );

  return (
    <Page title={subscription.service_data.name} back={back}>
      <StatusNotice subscription={subscription} />
      <Facts subscription={subscription} detail={detail} />
      <ChangePlan detail={detail} subscription={subscription} />
      <Actions detail={detail} subscription={subscription} onConfirm={setConfirm} />

      <Modal
        open={confirm === 'cancel'}
        onClose={() => setConfirm(null)}
        role="alertdialog"
        title={t('subscriptions.cancel.title')}
        footer={
          <>
            <Button variant="text" onClick={() => setConfirm(null)}>
              {t('subscriptions.cancel.keep')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                detail.send({ type: 'detail.cancel' });
                setConfirm(null);
              }}
            >
              {t('subscriptions.cancel.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('subscriptions.cancel.body')}</p>
      </Modal>
      <Modal
        open={confirm === 'pause'}
        onClose={() => setConfirm(null)}
        role="alertdialog"
        title={t('subscriptions.pause.title')}
        footer={
          <>
            <Button variant="text" onClick={() => setConfirm(null)}>
              {t('subscriptions.pause.keep')}
            </Button>
            <Button
              onClick={() => {
                detail.send({ type: 'detail.pause' });
                setConfirm(null);
              }}
            >
              {t('subscriptions.pause.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('subscriptions.pause.body')}</p>
      </Modal>
      <Modal
        open={confirm === 'unpause'}
        onClose={() => setConfirm(null)}
        title={t('subscriptions.unpause.title')}
        footer={
          <>
            <Button variant="text" onClick={() => setConfirm(null)}>
              {t('subscriptions.unpause.back')}
            </Button>
            <Button
              onClick={() => {
                detail.send({ type: 'detail.unpause', beforeSchedule });
                setConfirm(null);
              }}
            >
              {t('subscriptions.unpause.confirm')}
            </Button>
          </>
        }
      >
        <fieldset className={styles.choices}>
          <legend>{t('subscriptions.unpause.when')}</legend>
          <SelectableBlock type="radio" name="unpause-when" value="schedule" checked={!beforeSchedule} onChange={() => setBeforeSchedule(false)} label={t('subscriptions.unpause.onSchedule')} description={t('subscriptions.unpause.onScheduleHint')} />
          <SelectableBlock type="radio" name="unpause-when" value="before" checked={beforeSchedule} onChange={() => setBeforeSchedule(true)} label={t('subscriptions.unpause.beforeSchedule')} description={t('subscriptions.unpause.beforeScheduleHint')} />
        </fieldset>
      </Modal>
    </Page>
  );
}

function Facts({ subscription, detail }: { subscription: Subscription; detail: DetailActor }) {
  const t = useT();
  const format = useFormat();
  const plans = useSelector(detail, selectDetailPlans);
  const plan = plans.find((p) => p.plan_id === subscription.plan_id);
  const addOns = (subscription.add_ons ?? []).filter((a) => a.status !== 'removed');
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('subscriptions.field.status')}</dt>
        <dd>
          <StatusTag status={subscription.status} />
        </dd>
        <dt>{t('subscriptions.field.plan')}</dt>
        <dd>{plan?.label ?? subscription.plan_id}</dd>
        <dt>{t('subscriptions.field.frequency')}</dt>
        <dd>{t(`subscriptions.frequency.${subscription.frequency}`)}</dd>
        <dt>{t('subscriptions.field.price')}</dt>
        <dd>{t('subscriptions.perVisit', { price: format.money(subscriptionPrice(subscription, plans)) })}</dd>
        {subscription.address_data?.address_formatted ? (
          <>
            <dt>{t('subscriptions.field.address')}</dt>
            <dd>{subscription.address_data.address_formatted}</dd>
          </>
        ) : null}
        {subscription.next_appointment && subscription.status === 'active' ? (
          <>
            <dt>{t('subscriptions.field.nextVisit')}</dt>
            <dd>{format.date(subscription.next_appointment)}</dd>
          </>
        ) : null}
        {subscription.next_billing && subscription.status !== 'canceled' ? (
          <>
            <dt>{t('subscriptions.field.nextBilling')}</dt>
            <dd>{format.date(subscription.next_billing)}</dd>
          </>
        ) : null}
        {subscription.vendor_data ? (
          <>
            <dt>{t('subscriptions.field.vendor')}</dt>
            <dd>{[subscription.vendor_data.first_name, subscription.vendor_data.last_name].filter(Boolean).join(' ')}</dd>
          </>
        ) : null}
        {subscription.created ? (
          <>
            <dt>{t('subscriptions.field.since')}</dt>
            <dd>{format.date(subscription.created)}</dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="subscription-addons" className={styles.state}>
        <h2 id="subscription-addons">{t('subscriptions.addOns.title')}</h2>
        {addOns.length === 0 ? (
          <p className={styles.meta}>{t('subscriptions.addOns.none')}</p>
        ) : (
          <ul className={styles.list} style={{ width: '100%' }}>
            {addOns.map((a) => (
              <li key={a._id} className={styles.row}>
                <span className={styles.rowMain}>{addOnName(a)}</span>
                <span className={styles.actions}>
                  {a.price !== undefined || a.custom ? <span>{format.money(a.price ?? a.custom?.value ?? 0)}</span> : null}
                  <Tag tone={a.status === 'approved' ? 'success' : 'neutral'}>{t(`subscriptions.addOns.status.${a.status}`)}</Tag>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StatusNotice({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const format = useFormat();
  if (subscription.status === 'suspended')
    return (
      <div className={styles.notice} role="status">
        <p style={{ margin: 0 }}>{t('subscriptions.suspended.why')}</p>
        <Link href="/billing">{t('subscriptions.suspended.updateCard')}</Link>
      </div>
    );
  if (subscription.status === 'paused')
    return (
      <p className={styles.notice} role="status">
        {subscription.paused_at ? t('subscriptions.paused.since', { date: format.date(subscription.paused_at) }) : t('subscriptions.paused.note')}
      </p>
    );
  if (subscription.status === 'canceled')
    return (
      <p className={styles.notice} role="status">
        {subscription.canceled_at ? t('subscriptions.canceled.since', { date: format.date(subscription.canceled_at) }) : t('subscriptions.canceled.note')}
      </p>
    );
  return null;
}

/** The frequency item of bookings §2 for this subscription: each plan's price, and the new price before the change is confirmed. */
function ChangePlan({ detail, subscription }: { detail: DetailActor; subscription: Subscription }) {
  const t = useT();
  const format = useFormat();
  const plans = useSelector(detail, selectDetailPlans);
  const can = useSelector(detail, selectDetailCan, sameCan);
  const busy = useSelector(detail, selectDetailBusy);
  const changes = planChanges(subscription, plans);
  const [chosen, setChosen] = useState<PlanChange | null>(null);
  const canConfirm = useSelector(detail, selectCanChangeTo(chosen?.frequency ?? subscription.frequency, chosen?.plan.plan_id ?? subscription.plan_id));
  const why = refusalCode('change', subscription.status);

  if (!can.change)
    return (
      <section aria-labelledby="subscription-change" className={styles.state}>
        <h2 id="subscription-change">{t('subscriptions.change.title')}</h2>
        <p className={styles.meta}>{t(`subscriptions.why.${why ?? 'unavailable'}`)}</p>
      </section>
    );
  const difference = chosen ? chosen.difference : 0;
  return (
    <section aria-labelledby="subscription-change" className={styles.state}>
      <h2 id="subscription-change">{t('subscriptions.change.title')}</h2>
      {changes.length === 0 ? (
        <p className={styles.meta}>{t('error.code.no_price_for_frequency')}</p>
      ) : (
        <fieldset className={styles.choices} style={{ width: '100%' }}>
          <legend>{t('subscriptions.change.legend')}</legend>
          {changes.map((c) => (
            <SelectableBlock
              key={c.plan.plan_id}
              type="radio"
              name="subscription-plan"
              value={c.plan.plan_id}
              checked={chosen ? chosen.plan.plan_id === c.plan.plan_id : c.current}
              onChange={() => setChosen(c.current ? null : c)}
              label={t(`subscriptions.frequency.${c.frequency}`)}
              description={[c.plan.label, c.current ? t('subscriptions.change.current') : c.lowest ? t('subscriptions.change.lowest') : null].filter(Boolean).join(' · ')}
              aside={format.money(c.price)}
            />
          ))}
        </fieldset>
      )}
      {chosen ? (
        <p className={styles.preview} aria-live="polite">
          {t(difference > 0 ? 'subscriptions.change.previewMore' : difference < 0 ? 'subscriptions.change.previewLess' : 'subscriptions.change.previewSame', {
            price: format.money(chosen.price),
            difference: format.money(Math.abs(difference)),
            frequency: t(`subscriptions.frequency.${chosen.frequency}`),
          })}
        </p>
      ) : null}
      <Button
        disabled={!chosen || !canConfirm}
        loading={busy}
        onClick={() => {
          if (!chosen) return;
          detail.send({ type: 'detail.change', frequency: chosen.frequency, planId: chosen.plan.plan_id });
          setChosen(null);
        }}
      >
        {t('subscriptions.change.confirm')}
      </Button>
    </section>
  );
}

function Actions({ detail, subscription, onConfirm }: { detail: DetailActor; subscription: Subscription; onConfirm: (c: Confirm) => void }) {
  const t = useT();
  const can = useSelector(detail, selectDetailCan, sameCan);
  const busy = useSelector(detail, selectDetailBusy);
  const refused = (['pause', 'unpause', 'cancel'] as const satisfies readonly SubscriptionAction[]).filter((a) => !can[a]);
  // The change section already says why a canceled subscription takes nothing; each reason is said once.
  const shown = can.change ? null : refusalCode('change', subscription.status);
  const reasons = [...new Set(refused.map((a) => refusalCode(a, subscription.status)).filter((c): c is string => c !== null && c !== shown))];
  return (
    <section aria-labelledby="subscription-actions" className={styles.state}>
      <h2 id="subscription-actions">{t('subscriptions.actions.title')}</h2>
      <div className={styles.actions}>
        {can.pause ? (
          <Button variant="text" disabled={busy} onClick={() => onConfirm('pause')}>
            {t('subscriptions.pause.action')}
          </Button>
        ) : null}
        {can.unpause ? (
          <Button disabled={busy} onClick={() => onConfirm('unpause')}>
            {t('subscriptions.unpause.action')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button variant="danger" disabled={busy} onClick={() => onConfirm('cancel')}>
            {t('subscriptions.cancel.action')}
          </Button>
        ) : null}
      </div>
      {reasons.map((code) => (
        <p key={code} className={styles.meta}>
          {t(`subscriptions.why.${code}`)}
        </p>
      ))}
    </section>
  );
}
