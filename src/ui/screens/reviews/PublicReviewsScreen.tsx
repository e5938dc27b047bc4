import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ScreenProps } from '../../app/routing';
import { StatusScreen } from '../../app/shell/StatusScreen';
import styles from '../../app/shell/StatusScreen.module.css';

/** /public/reviews (accounts §4: always shows). Reviews are not in the API yet, so it says they are coming. */
export default function PublicReviewsScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <StatusScreen icon="bell" tone="brand" title={intl.formatMessage({ id: 'publicReviews.title' })} message={intl.formatMessage({ id: 'publicReviews.message' })}>
      <Link href="/" className={styles.link}>
        {intl.formatMessage({ id: 'common.goHome' })}
      </Link>
    </StatusScreen>
  );
}
