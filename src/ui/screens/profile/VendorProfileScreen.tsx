import type { AccountId } from '../../../core/model/ids';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import ProfileScreen from './ProfileScreen';
import { VendorProfileSection } from './VendorProfileSection';
import styles from './VendorProfile.module.css';

/**
 * /vendor/profile (issue 11): the profile page every account type has (facts, password, phone with its 3-3-4 mask:
 * src/ui/screens/profile/ProfileScreen.tsx), then the vendor's own sections — its name and bio, its organization,
 * its working hours and its payout account (src/ui/screens/profile/VendorProfileSection.tsx).
 */
export default function VendorProfileScreen(props: Partial<ScreenProps>) {
  const account = useSessionSelector(selectAccount);
  const vendorId = (account?._id ?? '') as AccountId;
  return (
    <div className={styles.profile}>
      <ProfileScreen {...props} />
      <VendorProfileSection vendorId={vendorId} />
    </div>
  );
}
