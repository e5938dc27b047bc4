import { useIntl } from 'react-intl';
import type { CartTotals } from '../../../core/rules/checkout';
import { money } from './money';
import styles from './Shop.module.css';

/** The cart's lines and totals (core `cartTotals`), as a table. */
export function CartLines({ serviceName, totals, taxBasisPoints }: { serviceName: string; totals: CartTotals; taxBasisPoints: number | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <table className={styles.lines}>
      <caption className={styles.subtitle}>{t('shop.cart.lines')}</caption>
      <tbody>
        {totals.plan ? (
          <tr>
            <th scope="row">
              {serviceName}
              <div className={styles.muted}>{totals.plan.label}</div>
            </th>
            <td>{money(intl, totals.plan.value)}</td>
          </tr>
        ) : null}
        {totals.addOns.map((a) => (
          <tr key={a.service._id}>
            <th scope="row">{a.service.name}</th>
            <td>{money(intl, a.plan.value)}</td>
          </tr>
        ))}
        {totals.discount > 0 ? (
          <tr>
            <th scope="row">{t('shop.cart.discount')}</th>
            <td>−{money(intl, totals.discount)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">{taxBasisPoints === null ? t('shop.cart.taxUnknown') : t('shop.cart.tax', { rate: intl.formatNumber(taxBasisPoints / 10000, { style: 'percent', maximumFractionDigits: 3 }) })}</th>
          <td>{money(intl, totals.tax)}</td>
        </tr>
        <tr className={styles.total}>
          <th scope="row">{t('shop.cart.total')}</th>
          <td>{money(intl, totals.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}
