import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Appointment } from '../../../core/model/appointment';
import type { Role } from '../../../core/model/roles';
import { appointmentsHome, localDay, personName } from '../../../core/rules/appointment-views';
import { formatCents } from '../../../core/rules/money';
import { datePickerWindow } from '../../../core/rules/pricing';
import {
  selectActions,
  selectAppointment,
  selectChanging,
  selectConfirmingCancel,
  selectDetailError,
  selectDetailMode,
  selectNoteError,
  selectPickedDay,
  selectPicking,
  selectReassign,
  selectSlots,
  selectSlotsError,
  selectSlotsMode,
  type ActionDecision,
  type AppointmentAction,
  type DetailActor,
} from '../../../machines/features/appointment-detail.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { Modal } from '../../components/Modal/Modal';
import { TextArea } from '../../components/TextArea/TextArea';
import { useToasts } from '../../components/Toasts/useToasts';
import { useAppointmentMachines } from '../../shared/Appointments';
import { StatusTag, timeOf, useT, whenOf } from './parts';
import { AppointmentMessages } from './AppointmentMessages';
import { AppointmentExtras } from './AddOnsPanel';
import { RescheduleScope } from './RescheduleScope';
import { AfterVisit } from './AfterVisit';
import { CompletionPhotos } from './CompletionPhotos';
import { selectPhotoIds, selectPhotosUploading, type PhotoUploadsActor } from '../../../machines/features/photo-uploads.machine';
import styles from './Appointments.module.css';

/**
 * One appointment (bookings §2, §3) for the customer (/appointment/{id}) and the vendor
 * (/vendor/appointment/{id}), the organization (/organization/appointment/{id}) and support
 * (/admin/appointment/{id}): the appointment card's fields, the vendor (or the customer), photos after the
 * visit, and the actions the appointment chart allows now — each button from the screen chart's decision, a
 * refused one with the spec's words; the organization and support also reassign the vendor. A live update of
 * the appointment reloads it.
 */
export default function AppointmentScreen({ params }: Partial<ScreenProps>) {
  const machines = useAppointmentMachines();
  const role = useSessionSelector(selectRole);
  const detail = useActorRef(machines.detail, { input: { appointmentId: params?.id ?? '', role, now: machines.now } });
  const uploads = useActorRef(machines.photoUploads);
  return (
    <AppointmentMessages>
      <Detail detail={detail} role={role} now={machines.now} uploads={uploads} />
    </AppointmentMessages>
  );
}

const NOTE_ACTIONS: readonly AppointmentAction[] = ['complete', 'exception'];

function Detail({ detail, role, now, uploads }: { detail: DetailActor; role: Role; now: () => string; uploads: PhotoUploadsActor }) {
  const { intl, t } = useT();
  const toasts = useToasts();
  const mode = useSelector(detail, selectDetailMode);
  const appointment = useSelector(detail, selectAppointment);
  const error = useSelector(detail, selectDetailError);
  const actions = useSelector(detail, selectActions);
  const changing = useSelector(detail, selectChanging);
  const confirming = useSelector(detail, selectConfirmingCancel);
  const noteError = useSelector(detail, selectNoteError);
  const photoIds = useSelector(uploads, selectPhotoIds);
  const uploading = useSelector(uploads, selectPhotosUploading);
  const [note, setNote] = useState('');
  const noteId = useId();

  useEffect(() => {
    const notices = detail.on('notify', (event) => toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } }));
    return () => notices.unsubscribe();
  }, [detail, toasts]);

  const back = (
    <Link href={appointmentsHome(role)} className={styles.back}>
      {t(role === 'vendor' ? 'appointment.backSchedule' : 'appointment.back')}
    </Link>
  );

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error' || !appointment)
    return (
      <section className={styles.page} aria-labelledby="appointment-title">
        {back}
        <h1 id="appointment-title" className={styles.title}>
          {t('appointment.title')}
        </h1>
        <div role="alert" className={styles.error}>
          <p>{error === 'appointment_invalid' || !error ? t('error.code.appointment_invalid') : error}</p>
          <Button variant="text" onClick={() => detail.send({ type: 'detail.retry' })}>
            {t('appointments.retry')}
          </Button>
        </div>
      </section>
    );

  const send = (action: AppointmentAction) => {
    if (action === 'complete') detail.send({ type: 'detail.complete', note, ...(photoIds.length ? { images: photoIds } : {}) });
    else if (action === 'exception') detail.send({ type: 'detail.exception', note });
    else detail.send({ type: `detail.${action}` });
  };
  const takesNote = actions.some((a) => a.allowed && NOTE_ACTIONS.includes(a.action));

  return (
    <section className={styles.page} aria-labelledby="appointment-title" aria-busy={changing}>
      {back}
      <header className={styles.header}>
        <h1 id="appointment-title" className={styles.title}>
          {appointment.service_data.name}
        </h1>
        <span aria-live="polite">
          <StatusTag status={appointment.status} />
        </span>
      </header>

      <AppointmentCard appointment={appointment} role={role} />

      <AppointmentExtras detail={detail} appointment={appointment} role={role} now={now} />

      {appointment.status === 'complete' ? <AfterVisit key={appointment.completed_at ?? ''} appointment={appointment} role={role} /> : null}

      <section aria-labelledby="actions-title">
        <h2 id="actions-title" className={styles.subtitle}>
          {t('appointment.actions')}
        </h2>
        {actions.every((a) => !a.allowed) ? (
          <>
            <p className={styles.muted}>{t('appointment.actions.none')}</p>
            {actions[0]?.refusal ? <p className={styles.muted}>{t(`appointment.refusal.${actions[0].refusal}`)}</p> : null}
          </>
        ) : (
          <>
            {takesNote ? (
              <TextArea
                id={noteId}
                label={t('appointment.note.label')}
                hint={t('appointment.note.hint')}
                value={note}
                onChange={setNote}
                maxLength={2000}
                error={noteError ? t('error.code.note_required') : undefined}
                errorRole="alert"
              />
            ) : null}
            {actions.some((a) => a.allowed && a.action === 'complete') ? <CompletionPhotos uploads={uploads} /> : null}
            <ul className={`${styles.list} ${styles.actions}`}>
              {actions.map((a) => (
                <ActionRow key={a.action} decision={uploading && a.action === 'complete' ? { ...a, enabled: false } : a} busy={changing} onClick={() => send(a.action)} />
              ))}
            </ul>
          </>
        )}
        <Picker detail={detail} now={now} />
        <ReassignPanel detail={detail} />
      </section>

      <Modal
        open={confirming}
        role="alertdialog"
        onClose={() => detail.send({ type: 'detail.dismiss' })}
        title={t('appointment.cancel.title')}
        footer={
          <>
            <Button variant="text" onClick={() => detail.send({ type: 'detail.dismiss' })}>
              {t('appointment.cancel.keep')}
            </Button>
            <Button variant="danger" onClick={() => detail.send({ type: 'detail.confirm' })}>
              {t('appointment.cancel.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('appointment.cancel.body', { date: whenOf(intl, appointment.start_time, appointment) })}</p>
      </Modal>
    </section>
  );
}

function ActionRow({ decision, busy, onClick }: { decision: ActionDecision; busy: boolean; onClick: () => void }) {
  const { t } = useT();
  const id = useId();
  return (
    <li className={styles.action}>
      <Button
        variant={decision.action === 'cancel' ? 'danger' : decision.action === 'complete' ? 'primary' : 'text'}
        disabled={!decision.enabled}
        loading={busy && decision.allowed}
        aria-describedby={decision.refusal ? id : undefined}
        onClick={onClick}
      >
        {t(`appointment.action.${decision.action}`)}
      </Button>
      {!decision.allowed && decision.refusal ? (
        <p id={id} className={styles.refusal}>
          {t(`appointment.refusal.${decision.refusal}`)}
        </p>
      ) : null}
    </li>
  );
}

/** The appointment card (bookings §2, §3): service, date, address, home size, the other party, order, price, note. */
function AppointmentCard({ appointment: a, role }: { appointment: Appointment; role: Role }) {
  const { intl, t } = useT();
  const vendor = personName(a.vendor_data) || t('appointment.noVendor');
  const homeSize = a.address_data?.address_meta?.home_size;
  const rows: [string, ReactNode][] = [
    ['appointment.field.service', [a.service_data.name, a.service_data.category?.name].filter(Boolean).join(' · ')],
    ['appointment.field.date', whenOf(intl, a.start_time, a)],
    ...(a.duration ? [['appointment.field.duration', t('appointments.duration', { minutes: a.duration })] as [string, string]] : []),
    ['appointment.field.address', a.address_data?.address_formatted ?? ''],
    ...(a.address_data?.address_meta?.additional_details ? [['appointment.field.details', a.address_data.address_meta.additional_details] as [string, string]] : []),
    ...(homeSize ? [['appointment.field.homeSize', t(`appointment.homeSize.${homeSize}`)] as [string, string]] : []),
    role === 'customer' ? ['appointment.field.vendor', vendor] : ['appointment.field.customer', personName(a.customer_data)],
    ...(role !== 'customer' ? [['appointment.field.vendor', vendor] as [string, string]] : []),
    ...(a.order_data?.type ? [['appointment.field.order', t(`appointments.orderType.${a.order_data.type}`)] as [string, string]] : []),
    ...(a.price !== undefined ? [['appointment.field.price', formatCents(a.price)] as [string, string]] : []),
    ...(a.custom ? [['appointment.field.custom', `${a.custom.description} · ${formatCents(a.custom.value)}`] as [string, string]] : []),
    ...(a.completed_at ? [['appointment.field.completedAt', whenOf(intl, a.completed_at, a)] as [string, string]] : []),
    ...(a.note ? [['appointment.field.note', a.note] as [string, string]] : []),
    ...(a.vendor_location && role !== 'customer' && role !== 'vendor' ? [['appointment.field.vendorLocation', <VendorLocationValue key="location" location={a.vendor_location} zone={a.time_zone} />] as [string, ReactNode]] : []),
  ];
  return (
    <dl className={styles.card} aria-live="polite">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Reschedule (customer) or rain delay (vendor): a day in the date picker's window, then one of its 15-minute slots. */
function Picker({ detail, now }: { detail: DetailActor; now: () => string }) {
  const { intl, t } = useT();
  const picking = useSelector(detail, selectPicking);
  const slotsMode = useSelector(detail, selectSlotsMode);
  const slots = useSelector(detail, selectSlots);
  const slotsError = useSelector(detail, selectSlotsError);
  const day = useSelector(detail, selectPickedDay);
  const appointment = useSelector(detail, selectAppointment);
  const dayId = useId();
  if (!picking) return null;
  // The days and times are the address's: today there, the slots in the visit's zone.
  const window = datePickerWindow(localDay({ start_time: now(), time_zone: appointment?.time_zone }));
  return (
    <div className={styles.panel} role="group" aria-labelledby={`${dayId}-title`}>
      <h3 id={`${dayId}-title`}>{t(`appointment.pick.${picking}`)}</h3>
      <RescheduleScope detail={detail} />
      <label htmlFor={dayId}>{t('appointment.pick.day')}</label>
      <input
        id={dayId}
        type="date"
        className={styles.dayInput}
        min={window.first}
        max={window.last}
        value={day ?? ''}
        onChange={(e) => e.target.value && detail.send({ type: 'detail.pickDay', day: e.target.value })}
      />
      <div aria-live="polite">
        {slotsMode === 'none' ? <p className={styles.muted}>{t('appointment.pick.chooseDay')}</p> : null}
        {slotsMode === 'loading' ? <p className={styles.muted}>{t('appointment.pick.loading')}</p> : null}
        {slotsMode === 'error' ? (
          <div role="alert" className={styles.error}>
            <p className={styles.fieldError}>
              {t('appointment.pick.error')} {slotsError ? `(${slotsError})` : null}
            </p>
            <Button variant="text" onClick={() => day && detail.send({ type: 'detail.pickDay', day })}>
              {t('appointments.retry')}
            </Button>
          </div>
        ) : null}
        {slotsMode === 'ready' && slots.length === 0 ? <p className={styles.muted}>{t('appointment.pick.noSlots')}</p> : null}
      </div>
      {slotsMode === 'ready' && slots.length > 0 ? (
        <ul className={styles.slots} aria-label={t('appointment.pick.slots')}>
          {slots.map((slot) => (
            <li key={slot.start_time}>
              <button type="button" className={styles.slot} onClick={() => detail.send({ type: 'detail.pickSlot', startTime: slot.start_time })}>
                {timeOf(intl, slot.start_time, appointment)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button variant="text" onClick={() => detail.send({ type: 'detail.dismiss' })}>
          {t('appointment.pick.close')}
        </Button>
      </div>
    </div>
  );
}

/** Reassign the vendor (organization, support): one of the appointment's organization's other vendors, then confirm. */
function ReassignPanel({ detail }: { detail: DetailActor }) {
  const { t } = useT();
  const panel = useSelector(detail, selectReassign);
  const titleId = useId();
  if (!panel.open) return null;
  return (
    <div className={styles.panel} role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('appointment.reassign.title')}</h3>
      <div aria-live="polite">
        {panel.mode === 'loading' ? <p className={styles.muted}>{t('appointment.reassign.loading')}</p> : null}
        {panel.mode === 'error' ? (
          <div role="alert" className={styles.error}>
            <p className={styles.fieldError}>
              {t('appointment.reassign.error')} {panel.error ? `(${panel.error})` : null}
            </p>
            <Button variant="text" onClick={() => detail.send({ type: 'detail.retry' })}>
              {t('appointments.retry')}
            </Button>
          </div>
        ) : null}
        {panel.mode === 'ready' && panel.vendors.length === 0 ? <p className={styles.muted}>{t('appointment.reassign.none')}</p> : null}
      </div>
      {panel.mode === 'ready' && panel.vendors.length > 0 ? (
        <>
          <Dropdown
            label={t('appointment.reassign.vendor')}
            placeholder={t('appointment.reassign.placeholder')}
            options={panel.vendors.map((v) => ({ value: v._id, label: personName(v) || v.primary_email }))}
            value={panel.vendorId}
            onChange={(vendorId) => detail.send({ type: 'detail.pickVendor', vendorId })}
            width={280}
          />
          <p className={styles.muted}>{t('appointment.reassign.hint')}</p>
        </>
      ) : null}
      <div className={styles.panelActions}>
        {panel.mode === 'ready' && panel.vendors.length > 0 ? (
          <Button variant="primary" disabled={!panel.canConfirm} onClick={() => detail.send({ type: 'detail.confirmReassign' })}>
            {t('appointment.reassign.confirm')}
          </Button>
        ) : null}
        <Button variant="text" onClick={() => detail.send({ type: 'detail.dismiss' })}>
          {t('appointment.pick.close')}
        </Button>
      </div>
    </div>
  );
}

/** The vendor's last known position (organization, support): coordinates, accuracy, when, and a map link. */
function VendorLocationValue({ location, zone }: { location: NonNullable<Appointment['vendor_location']>; zone: string | undefined }) {
  const { intl, t } = useT();
  const lat = location.lat.toFixed(5);
  const lng = location.lng.toFixed(5);
  const time = whenOf(intl, location.at, zone);
  const text =
    location.accuracy !== undefined
      ? t('appointment.vendorLocation.value', { lat, lng, accuracy: Math.round(location.accuracy), time })
      : t('appointment.vendorLocation.valueNoAccuracy', { lat, lng, time });
  return (
    <>
      {text}{' '}
      <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
        {t('appointment.vendorLocation.map')}
      </a>
    </>
  );
}
