import { useIntl } from 'react-intl';
import { Icon } from '../../components/Icon/Icon';
import styles from './MobileBanner.module.css';

export interface MobileBannerProps {
  /** The support phone line, as dialled (e.g. '+1 (555) 010-0199'). */
  phone: string;
}

/** The optional mobile banner: 'Call Us:' and the support phone line as a tel: link. */
export function MobileBanner({ phone }: MobileBannerProps) {
  const intl = useIntl();
  const dial = phone.replace(/[^\d+]/g, '');
  return (
    <aside className={styles.banner} aria-label={intl.formatMessage({ id: 'shell.banner.label' })}>
      <Icon name="phone" size={16} />
      <span>{intl.formatMessage({ id: 'shell.banner.callUs' })}</span>
      <a href={`tel:${dial}`} className={styles.phone}>
        {phone}
      </a>
    </aside>
  );
}
