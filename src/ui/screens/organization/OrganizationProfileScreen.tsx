import type { AccountId } from '../../../core/model/ids';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import ProfileScreen from '../profile/ProfileScreen';
import { OrganizationBusinessSections } from './OrganizationBusinessSections';
import { ServiceAreasSection } from './ServiceAreasSection';
import styles from './Organization.module.css';

/**
 * /organization/profile (issue 11 "Team and area"): the profile page every account type has (facts, password,
 * phone: src/ui/screens/profile/ProfileScreen.tsx), then the organization's own sections — its company name and
 * business phone, its address, its contacts, and its service area (circles with a radius in miles, and ZIP codes).
 */
function OrganizationProfileScreen(props: Partial<ScreenProps>) {
  const account = useSessionSelector(selectAccount);
  const organizationId = (account?._id ?? '') as AccountId;
  return (
    <div className={styles.profile}>
      <ProfileScreen {...props} />
      <OrganizationBusinessSections organizationId={organizationId} />
      <ServiceAreasSection organizationId={organizationId} />
    </div>
  );
}

export default withOrganizationMessages(OrganizationProfileScreen);
