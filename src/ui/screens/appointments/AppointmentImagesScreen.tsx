import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { personName } from '../../../core/rules/appointment-views';
import { selectImageRows, selectImagesError, selectImagesMode, selectImagesPage } from '../../../machines/features/appointment-images.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentMessages } from './AppointmentMessages';
import { useT, whenOf } from './parts';
import styles from './AfterVisit.module.css';
import base from './Appointments.module.css';

/** /admin/appointment-images (accounts §2, super): every photo of a completed visit, newest first, with its visit. */
export default function AppointmentImagesScreen() {
  return (
    <AppointmentMessages>
      <Images />
    </AppointmentMessages>
  );
}

function Images() {
  const machines = useAppointmentMachines();
  const images = useActorRef(machines.appointmentImages);
  const { intl, t } = useT();
  const mode = useSelector(images, selectImagesMode);
  const rows = useSelector(images, selectImageRows);
  const error = useSelector(images, selectImagesError);
  const { page, pages, total } = useSelector(images, selectImagesPage);
  return (
    <section className={base.page} aria-labelledby="images-title" aria-busy={mode === 'loading'}>
      <h1 id="images-title" className={base.title}>
        {t('after.admin.title')}
      </h1>
      {mode === 'loading' && rows.length === 0 ? <ScreenLoading /> : null}
      {mode === 'error' ? (
        <div role="alert">
          <p className={base.fieldError}>{error}</p>
          <Button variant="text" onClick={() => images.send({ type: 'images.retry' })}>
            {t('appointments.retry')}
          </Button>
        </div>
      ) : null}
      {mode !== 'error' && rows.length === 0 && mode === 'ready' ? <p className={base.muted}>{t('after.admin.none')}</p> : null}
      {rows.length > 0 ? (
        <>
          <p className={base.muted}>{t('after.admin.total', { total })}</p>
          <ul className={styles.grid}>
            {rows.map(({ image, src }) => (
              <li key={image.media._id} className={styles.item}>
                {src ? <img src={src} alt={t('after.admin.alt', { service: image.service_name, date: whenOf(intl, image.start_time, image.time_zone) })} className={styles.photo} /> : <span className={base.muted}>{t('after.photo.unavailable')}</span>}
                <Link href={`/admin/appointment/${image.appointment_id}`}>{`${image.service_name} · ${whenOf(intl, image.start_time, image.time_zone)}`}</Link>
                <span className={base.muted}>{t('after.admin.people', { customer: personName(image.customer_data), vendor: personName(image.vendor_data) || t('appointment.noVendor') })}</span>
              </li>
            ))}
          </ul>
          <nav className={styles.pager} aria-label={t('after.admin.pages')}>
            <Button variant="text" disabled={page <= 1 || mode === 'loading'} onClick={() => images.send({ type: 'images.page', page: page - 1 })}>
              {t('after.admin.previous')}
            </Button>
            <span>{t('after.admin.page', { page, pages })}</span>
            <Button variant="text" disabled={page >= pages || mode === 'loading'} onClick={() => images.send({ type: 'images.page', page: page + 1 })}>
              {t('after.admin.next')}
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
