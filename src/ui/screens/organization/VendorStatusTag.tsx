import { useIntl } from 'react-intl';
import type { Vendor } from '../../../core/model/vendor';
import { Tag } from '../../components/Tag/Tag';

/** A team member's standing: invited (claim link not used yet), active or inactive. */
export function VendorStatusTag({ vendor }: { readonly vendor: Vendor }) {
  const intl = useIntl();
  const status = vendor.invitation_pending ? 'invited' : vendor.status === 'inactive' ? 'inactive' : 'active';
  const tone = status === 'invited' ? 'info' : status === 'inactive' ? 'neutral' : 'success';
  return <Tag tone={tone}>{intl.formatMessage({ id: `team.vendor.status.${status}` })}</Tag>;
}

export const vendorName = (vendor: Vendor): string => [vendor.first_name, vendor.last_name].filter(Boolean).join(' ') || vendor.primary_email;
