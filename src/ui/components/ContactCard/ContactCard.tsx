import { useIntl } from 'react-intl';
import type { ContactCard as ContactCardData } from '../../../core/model/contact';
import { Card } from '../Card/Card';
import { CopyValue } from '../CopyValue/CopyValue';
import styles from './ContactCard.module.css';

/** The contact resource of accounts §3 (src/core/model/contact.ts). */
export type Contact = ContactCardData;

export interface ContactCardProps {
  contact: Contact;
  /** Card heading; defaults to the contact's name. */
  title?: string;
  headingLevel?: 2 | 3 | 4;
  copy?: (text: string) => Promise<void>;
}

/** A person's contact details, each value copyable with a 3 s confirmation. */
export function ContactCard({ contact, title, headingLevel = 3, copy }: ContactCardProps) {
  const intl = useIntl();
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  const phones = contact.phone ?? [];
  const addresses = contact.address ?? [];
  return (
    <Card title={title ?? (name || intl.formatMessage({ id: 'contact.title' }))} headingLevel={headingLevel}>
      <dl className={styles.list}>
        {contact.primary_email ? (
          <>
            <dt>{intl.formatMessage({ id: 'contact.email' })}</dt>
            <dd>
              <CopyValue value={contact.primary_email} label={intl.formatMessage({ id: 'contact.email' })} copy={copy}>
                <a href={`mailto:${contact.primary_email}`}>{contact.primary_email}</a>
              </CopyValue>
            </dd>
          </>
        ) : null}
        {phones.length > 0 ? (
          <>
            <dt>{intl.formatMessage({ id: 'contact.phone' }, { count: phones.length })}</dt>
            {phones.map((phone) => (
              <dd key={phone.number}>
                <CopyValue value={phone.number} copy={copy}>
                  <a href={`tel:${phone.number}`}>{phone.number}</a>
                </CopyValue>
              </dd>
            ))}
          </>
        ) : null}
        {addresses.length > 0 ? (
          <>
            <dt>{intl.formatMessage({ id: 'contact.address' }, { count: addresses.length })}</dt>
            {addresses.map((address) => (
              <dd key={address.address_formatted}>
                <CopyValue value={address.address_formatted} copy={copy} />
              </dd>
            ))}
          </>
        ) : null}
      </dl>
    </Card>
  );
}
