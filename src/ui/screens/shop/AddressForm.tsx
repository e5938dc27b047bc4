import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { AddressInput } from '../../../core/model/address';
import type { HomeSize } from '../../../core/model/service';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import styles from './Shop.module.css';

/** The service address of a customer who has none yet (PUT account/update-address): it becomes the default. */
export function AddressForm({ homeSize, busy, onSave }: { homeSize: HomeSize | undefined; busy: boolean; onSave: (address: AddressInput) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [v, setV] = useState({ street_number: '', street: '', unit: '', city: '', state: '', postal_code: '' });
  const [tried, setTried] = useState(false);
  const set = (key: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  const missing = (key: keyof typeof v) => (tried && v[key].trim() === '' ? t('shop.address.required') : undefined);
  const stateBad = tried && !/^[A-Za-z]{2}$/.test(v.state.trim());
  const zipBad = tried && !/^\d{5}$/.test(v.postal_code.trim());
  return (
    <form
      className={styles.form}
      aria-labelledby="address-title"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        const ok = v.street_number.trim() && v.street.trim() && v.city.trim() && /^[A-Za-z]{2}$/.test(v.state.trim()) && /^\d{5}$/.test(v.postal_code.trim());
        if (!ok) return;
        onSave({
          street_number: v.street_number.trim(),
          street: v.street.trim(),
          ...(v.unit.trim() ? { unit: v.unit.trim() } : {}),
          city: v.city.trim(),
          state: v.state.trim().toUpperCase(),
          postal_code: v.postal_code.trim(),
          ...(homeSize ? { address_meta: { home_size: homeSize } } : {}),
        });
      }}
    >
      <h2 id="address-title" className={styles.subtitle}>
        {t('shop.address.title')}
      </h2>
      <div className={styles.row}>
        <TextField label={t('shop.address.number')} value={v.street_number} onChange={set('street_number')} error={missing('street_number')} autoComplete="address-line1" disabled={busy} />
        <TextField label={t('shop.address.street')} value={v.street} onChange={set('street')} error={missing('street')} disabled={busy} />
      </div>
      <TextField label={t('shop.address.unit')} value={v.unit} onChange={set('unit')} autoComplete="address-line2" disabled={busy} />
      <div className={styles.row}>
        <TextField label={t('shop.address.city')} value={v.city} onChange={set('city')} error={missing('city')} autoComplete="address-level2" disabled={busy} />
        <TextField label={t('shop.address.state')} value={v.state} onChange={set('state')} error={stateBad ? t('shop.address.stateHint') : undefined} maxLength={2} autoComplete="address-level1" disabled={busy} />
        <TextField label={t('shop.address.zip')} value={v.postal_code} onChange={set('postal_code')} error={zipBad ? t('shop.address.zipHint') : undefined} inputMode="numeric" maxLength={5} autoComplete="postal-code" disabled={busy} />
      </div>
      <div>
        <Button type="submit" loading={busy}>
          {t('shop.address.save')}
        </Button>
      </div>
    </form>
  );
}
