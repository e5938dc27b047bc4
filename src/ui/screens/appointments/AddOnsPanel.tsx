import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AddOn, Appointment } from '../../../core/model/appointment';
import type { Role } from '../../../core/model/roles';
import { formatCents } from '../../../core/rules/money';
import { changeAllowed, extrasRules, selectCatalogue, selectExtrasBusy, type ExtrasActor, type ExtrasChange, type appointmentExtrasMachine } from '../../../machines/features/appointment-extras.machine';

type ExtrasMachine = typeof appointmentExtrasMachine;
import type { DetailActor } from '../../../machines/features/appointment-detail.machine';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { useToasts } from '../../components/Toasts/useToasts';
import { useAppointmentMachines } from '../../shared/Appointments';
import { ApprovalPanel } from './ApprovalPanel';
import { useT } from './parts';
import styles from './Appointments.module.css';

/** Dollars typed by a person ("12.5") as whole cents, or null. */
const centsOf = (text: string): number | null => {
  const cleaned = text.replace(/[^0-9.]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
};

/**
 * The add-ons of one appointment (bookings §3, §4): the list with their status, and — as the rules allow now —
 * add a catalogue add-on or a custom request, remove one, approve or decline one the vendor proposed.
 */
export function AddOnsPanel({ extras, appointment, role, now }: { extras: ExtrasActor; appointment: Appointment; role: Role; now: () => string }) {
  const { t } = useT();
  const busy = useSelector(extras, selectExtrasBusy);
  const catalogue = useSelector(extras, selectCatalogue);
  const [kind, setKind] = useState<'catalogue' | 'custom'>('catalogue');
  const [service, setService] = useState('');
  const [description, setDescription] = useState('');
  const [value, setValue] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const addOns: AddOn[] = [...(appointment.appointmentAddOnData ?? []), ...(appointment.subscriptionAddOnData ?? [])];
  const mayAdd = extrasRules.mayAdd.test({ appointment, role, now: now() });
  const send = (change: ExtrasChange) => extras.send({ type: 'extras.change', appointment, change });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'catalogue') {
      const chosen = catalogue.find((s) => s._id === service);
      const plan = chosen?.prices[0];
      if (!chosen || !plan) return setFormError(t('addons.error.service'));
      setFormError(null);
      send({ kind: 'addCatalogue', serviceId: chosen._id, planId: plan.plan_id });
      setService('');
    } else {
      const cents = centsOf(value);
      if (description.trim() === '' || cents === null) return setFormError(t('addons.error.custom'));
      setFormError(null);
      send({ kind: 'addCustom', description: description.trim(), valueCents: cents });
      setDescription('');
      setValue('');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.subtitle}>
        {t('addons.title')}
      </h2>
      {addOns.length === 0 ? <p className={styles.muted}>{t('addons.none')}</p> : null}
      <ul className={styles.list} aria-live="polite">
        {addOns.map((a) => (
          <li key={a._id} className={styles.action}>
            <span>
              {a.service_data?.name ?? a.custom?.description ?? a.plan_id} · {formatCents(a.price ?? a.custom?.value ?? 0)} · {t(`addons.status.${a.status}`)}
              {a.subscription_id && !a.appointment_id ? ` · ${t('addons.everyVisit')}` : ''}
            </span>
            {changeAllowed(appointment, role, now(), { kind: 'decideAddOn', addOnId: a._id, approved: true }) ? (
              <>
                <Button variant="primary" disabled={busy} onClick={() => send({ kind: 'decideAddOn', addOnId: a._id, approved: true })}>
                  {t('addons.approve')}
                </Button>
                <Button variant="text" disabled={busy} onClick={() => send({ kind: 'decideAddOn', addOnId: a._id, approved: false })}>
                  {t('addons.decline')}
                </Button>
              </>
            ) : null}
            {changeAllowed(appointment, role, now(), { kind: 'remove', addOnId: a._id }) ? (
              <Button variant="text" disabled={busy} aria-label={t('addons.removeNamed', { name: a.service_data?.name ?? a.custom?.description ?? '' })} onClick={() => send({ kind: 'remove', addOnId: a._id })}>
                {t('addons.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayAdd ? (
        <form className={styles.panel} onSubmit={submit} aria-labelledby={`${id}-add`} noValidate>
          <h3 id={`${id}-add`}>{role === 'customer' ? t('addons.add') : t('addons.propose')}</h3>
          <fieldset className={styles.note}>
            <legend className={styles.muted}>{t('addons.kind')}</legend>
            <label>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === 'catalogue'}
                onChange={() => {
                  setKind('catalogue');
                  if (catalogue.length === 0) extras.send({ type: 'extras.openCatalogue' });
                }}
                onFocus={() => catalogue.length === 0 && extras.send({ type: 'extras.openCatalogue' })}
              />{' '}
              {t('addons.kind.catalogue')}
            </label>
            <label>
              <input type="radio" name={`${id}-kind`} checked={kind === 'custom'} onChange={() => setKind('custom')} /> {t('addons.kind.custom')}
            </label>
          </fieldset>
          {kind === 'catalogue' ? (
            // The catalogue loads when the picker gets focus (focus events bubble from the Dropdown's trigger).
            <div className={styles.note} onFocus={() => catalogue.length === 0 && extras.send({ type: 'extras.openCatalogue' })}>
              <Dropdown
                id={`${id}-service`}
                label={t('addons.service')}
                placeholder={t('addons.service.placeholder')}
                options={catalogue.map((s) => {
                  const text = `${s.name} · ${formatCents(s.prices[0]?.value ?? 0)}`;
                  return { value: s._id, label: text, textValue: s.name };
                })}
                value={service || null}
                onChange={setService}
              />
            </div>
          ) : (
            <>
              <div className={styles.note}>
                <label htmlFor={`${id}-description`}>{t('addons.description')}</label>
                <input id={`${id}-description`} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
              </div>
              <div className={styles.note}>
                <label htmlFor={`${id}-value`}>{t('addons.value')}</label>
                <input id={`${id}-value`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
              </div>
            </>
          )}
          {formError ? (
            <p role="alert" className={styles.fieldError}>
              {formError}
            </p>
          ) : null}
          <div>
            <Button type="submit" loading={busy}>
              {role === 'customer' ? t('addons.submit') : t('addons.submitPropose')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/**
 * The add-ons and approval panels of the appointment screen, with their own chart (appointment-extras); after a
 * change the appointment chart reloads the appointment (the same path as the live 'updated').
 */
export function AppointmentExtras({ detail, appointment, role, now }: { detail: DetailActor; appointment: Appointment; role: Role; now: () => string }) {
  const machines = useAppointmentMachines();
  if (!machines.extras) return null;
  return <Extras machine={machines.extras} detail={detail} appointment={appointment} role={role} now={now} />;
}

function Extras({ machine, detail, appointment, role, now }: { machine: ExtrasMachine; detail: DetailActor; appointment: Appointment; role: Role; now: () => string }) {
  const toasts = useToasts();
  const extras = useActorRef(machine, { input: { appointmentId: appointment._id, role, now } });
  useEffect(() => {
    const changed = extras.on('changed', () =>
      detail.send({ type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'appointment', resourceId: appointment._id } }),
    );
    const refused = extras.on('notify', (event) => toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } }));
    return () => {
      changed.unsubscribe();
      refused.unsubscribe();
    };
  }, [extras, detail, toasts, appointment._id]);
  return (
    <>
      <ApprovalPanel extras={extras} appointment={appointment} role={role} now={now} />
      <AddOnsPanel extras={extras} appointment={appointment} role={role} now={now} />
    </>
  );
}
