import styles from './Billing.module.css';
import { useFormat, useT } from './shared';

/** The lines of an invoice or a charge, then subtotal, coupon discount, tax and total (cents, formatted here). */
export function InvoiceTable({
  caption,
  lines,
  subtotal,
  discount,
  coupon,
  tax,
  taxLabel,
  total,
  due,
  note,
}: {
  caption: string;
  lines: readonly { readonly description: string; readonly amount: number }[];
  subtotal: number;
  discount: number;
  coupon: string | null;
  /** null: the charge carries no tax breakdown (a charge of the history without its invoice). */
  tax: number | null;
  taxLabel: string;
  total: number;
  /** What is charged after the customer's credit balance, when it differs from the total. */
  due?: number;
  /** The invoice's note (e.g. the credit applied), or why it was declined. */
  note?: string | null;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <table className={styles.table}>
      <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: '0.5rem' }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('billing.invoice.item')}</th>
          <th scope="col" className={styles.money}>
            {t('billing.invoice.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td>{line.description}</td>
            <td className={styles.money}>{format.money(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {tax !== null || discount > 0 ? (
          <tr>
            <th scope="row">{t('billing.invoice.subtotal')}</th>
            <td className={styles.money}>{format.money(subtotal)}</td>
          </tr>
        ) : null}
        {discount > 0 ? (
          <tr>
            <th scope="row">{coupon ? t('billing.invoice.coupon', { code: coupon }) : t('billing.invoice.discount')}</th>
            <td className={styles.money}>−{format.money(discount)}</td>
          </tr>
        ) : null}
        {tax !== null ? (
          <tr>
            <th scope="row">{taxLabel}</th>
            <td className={styles.money}>{format.money(tax)}</td>
          </tr>
        ) : null}
        <tr className={styles.total}>
          <th scope="row">{t('billing.invoice.total')}</th>
          <td className={styles.money}>{format.money(total)}</td>
        </tr>
        {due !== undefined && due !== total ? (
          <tr className={styles.total}>
            <th scope="row">{t('billing.invoice.due')}</th>
            <td className={styles.money}>{format.money(due)}</td>
          </tr>
        ) : null}
        {note ? (
          <tr>
            <td colSpan={2} className={styles.meta}>
              {note}
            </td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}
