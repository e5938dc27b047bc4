import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Service } from '../../../core/model/service';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { useShopMachines } from '../../shared/Shop';
import { money } from './money';
import { withShopMessages } from '../../i18n/shop-messages';
import type { ScreenProps } from '../../app/routing';
import styles from './Shop.module.css';

type Load = { readonly mode: 'loading' } | { readonly mode: 'ready'; readonly services: readonly Service[] } | { readonly mode: 'error' };

/** /services: the catalogue by category, each service with its lowest price; a service opens its quote. */
function ServicesScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const machines = useShopMachines();
  const [load, setLoad] = useState<Load>({ mode: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    machines.listServices().then(
      (services) => live && setLoad({ mode: 'ready', services }),
      () => live && setLoad({ mode: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [machines, attempt]);

  if (load.mode === 'loading') return <ScreenLoading />;
  return (
    <section className={styles.page} aria-labelledby="services-title">
      <h1 id="services-title" className={styles.title}>
        {t('shop.services.title')}
      </h1>
      {load.mode === 'error' ? (
        <div role="alert" className={styles.section}>
          <p className={styles.error}>{t('shop.services.error')}</p>
          <div>
            <Button onClick={() => { setLoad({ mode: 'loading' }); setAttempt((n) => n + 1); }}>{t('common.tryAgain')}</Button>
          </div>
        </div>
      ) : load.services.length === 0 ? (
        <EmptyState message={t('shop.services.empty')} />
      ) : (
        <ul className={styles.list}>
          {load.services.map((service) => {
            const from = service.prices.length > 0 ? Math.min(...service.prices.map((p) => p.value)) : undefined;
            return (
              <li key={service._id}>
                <Link href={`/services/${service._id}`} className={styles.card}>
                  <span className={styles.name}>{service.name}</span>
                  {service.category ? <span className={styles.muted}>{service.category.name}</span> : null}
                  {service.description ? <span>{service.description}</span> : null}
                  {from !== undefined ? <span className={styles.muted}>{t('shop.services.from', { price: money(intl, from) })}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default withShopMessages(ServicesScreen);
