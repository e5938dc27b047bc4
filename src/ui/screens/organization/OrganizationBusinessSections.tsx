import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AccountId } from '../../../core/model/ids';
import type { Contact } from '../../../core/model/organization';
import type { AddressDraft, ContactDraft } from '../../../core/rules/organization-profile';
import { maskTypedPhone, typedPhoneOf } from '../../../core/rules/phone';
import { selectOrganization, selectProfileError, selectProfileMode, selectProfilePending, selectProfileProblems, selectProfileSaved, type ProfileForm } from '../../../machines/features/organization-profile.machine';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';

const NO_CONTACT: ContactDraft = { first_name: '', last_name: '', email: '', phone: '', title: '' };
const draftOfContact = (c: Contact): ContactDraft => ({
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email ?? '',
  phone: c.phone ? typedPhoneOf(c.phone) : '',
  title: c.title ?? '',
});

/**
 * The organization's business sections of /organization/profile (issue 11): its company name and business phone
 * (the 3-3-4 mask), its address, and the people to contact (added, changed, deleted). One chart
 * (`organizationProfile`) sends each form; its problems come from src/core/rules/organization-profile.ts.
 */
export function OrganizationBusinessSections({ organizationId }: { readonly organizationId: AccountId }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.orgProfile, { input: { organizationId } });
  const mode = useSelector(chart, selectProfileMode);
  const organization = useSelector(chart, selectOrganization);
  const problems = useSelector(chart, selectProfileProblems);
  const error = useSelector(chart, selectProfileError);
  const saved = useSelector(chart, selectProfileSaved);
  const pending = useSelector(chart, selectProfilePending);

  const address = organization?.address?.find((a) => a.is_default) ?? organization?.address?.[0];
  const [details, setDetails] = useState<{ company_name: string; phone: string } | null>(null);
  const [addressDraft, setAddressDraft] = useState<AddressDraft | null>(null);
  const [contact, setContact] = useState<{ id?: string; draft: ContactDraft }>({ draft: NO_CONTACT });

  // what was saved now shows as the organization has it; a saved contact's form starts over
  useEffect(() => {
    if (saved === 'details') setDetails(null);
    if (saved === 'address') setAddressDraft(null);
    if (saved === 'contact' || saved === 'deleteContact') setContact({ draft: NO_CONTACT });
  }, [saved]);

  const detailsValue = details ?? { company_name: organization?.company_name ?? '', phone: organization?.phones?.[0] ? typedPhoneOf(organization.phones[0].number) : '' };
  const addressValue: AddressDraft = addressDraft ?? {
    street_number: address?.street_number ?? '',
    street: address?.street ?? '',
    unit: address?.unit ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
  };
  const problem = (form: ProfileForm, field: string) => {
    const p = problems?.form === form ? problems.fields[field] : undefined;
    return p ? t(`team.profile.problem.${p}`) : undefined;
  };
  const failure = (form: ProfileForm) =>
    error?.form === form || (form === 'contact' && error?.form === 'deleteContact') ? (
      <p role="alert" className={styles.error}>
        {errorText(error.message)}
      </p>
    ) : null;
  const status = (form: ProfileForm, text: string) => (
    <p role="status" className={styles.message}>
      {saved === form ? text : ''}
    </p>
  );

  if (mode === 'loading')
    return (
      <p role="status" className={styles.message}>
        {t('team.profile.loading')}
      </p>
    );
  if (mode === 'error' || !organization)
    return (
      <div className={styles.state}>
        <p role="alert" className={styles.error}>
          {`${t('team.profile.loadError')} ${error ? errorText(error.message) : ''}`}
        </p>
        <Button variant="text" onClick={() => chart.send({ type: 'profile.retry' })}>
          {t('team.review.retry')}
        </Button>
      </div>
    );

  const contacts = organization.contacts ?? [];
  return (
    <>
      <Card title={t('team.profile.details')}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'profile.apply', command: { kind: 'details', ...detailsValue } });
          }}
        >
          <TextField
            label={t('team.profile.companyName')}
            required
            autoComplete="organization"
            value={detailsValue.company_name}
            error={problem('details', 'company_name')}
            onChange={(company_name) => setDetails({ ...detailsValue, company_name })}
          />
          <TextField
            label={t('team.profile.phone')}
            hint={t('team.profile.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={detailsValue.phone}
            error={problem('details', 'phone')}
            onChange={(phone) => setDetails({ ...detailsValue, phone: maskTypedPhone(phone) })}
          />
          {failure('details')}
          {status('details', t('team.profile.detailsSaved'))}
          <div className={styles.actions}>
            <Button type="submit" loading={pending === 'details'}>
              {t('team.profile.saveDetails')}
            </Button>
          </div>
        </form>
      </Card>

      <Card title={t('team.profile.address')}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'profile.apply', command: { kind: 'address', ...(address?._id ? { address_id: address._id } : {}), address: addressValue } });
          }}
        >
          {address?.address_formatted ? <p className={styles.lead}>{address.address_formatted}</p> : <p className={styles.lead}>{t('team.profile.noAddress')}</p>}
          {(['street_number', 'street', 'unit', 'city', 'state', 'postal_code'] as const).map((field) => (
            <TextField
              key={field}
              label={t(`team.profile.address.${field}`)}
              required={field !== 'unit'}
              autoComplete={field === 'postal_code' ? 'postal-code' : field === 'city' ? 'address-level2' : field === 'state' ? 'address-level1' : 'off'}
              maxLength={field === 'state' ? 2 : field === 'postal_code' ? 5 : undefined}
              value={addressValue[field]}
              error={problem('address', field)}
              onChange={(value) => setAddressDraft({ ...addressValue, [field]: value })}
            />
          ))}
          {failure('address')}
          {status('address', t('team.profile.addressSaved'))}
          <div className={styles.actions}>
            <Button type="submit" loading={pending === 'address'}>
              {t('team.profile.saveAddress')}
            </Button>
          </div>
        </form>
      </Card>

      <Card title={t('team.profile.contacts')}>
        <div className={styles.stack}>
          {contacts.length === 0 ? <p className={styles.message}>{t('team.profile.noContacts')}</p> : null}
          <ul className={styles.list}>
            {contacts.map((c) => {
              const name = `${c.first_name} ${c.last_name}`;
              return (
                <li key={c.contact_id} className={styles.item}>
                  <div className={styles.itemHead}>
                    <h3 className={styles.itemName}>{name}</h3>
                    <div className={styles.actions}>
                      <Button variant="text" aria-label={t('team.profile.editContact', { name })} onClick={() => setContact({ id: c.contact_id, draft: draftOfContact(c) })}>
                        {t('team.profile.edit')}
                      </Button>
                      <Button
                        variant="text"
                        aria-label={t('team.profile.deleteContact', { name })}
                        loading={pending === 'deleteContact'}
                        onClick={() => chart.send({ type: 'profile.apply', command: { kind: 'deleteContact', contact_id: c.contact_id } })}
                      >
                        {t('team.profile.delete')}
                      </Button>
                    </div>
                  </div>
                  <dl className={styles.facts}>
                    {c.title ? (
                      <>
                        <dt>{t('team.profile.contact.title')}</dt>
                        <dd>{c.title}</dd>
                      </>
                    ) : null}
                    {c.email ? (
                      <>
                        <dt>{t('team.profile.contact.email')}</dt>
                        <dd>{c.email}</dd>
                      </>
                    ) : null}
                    {c.phone ? (
                      <>
                        <dt>{t('team.profile.contact.phone')}</dt>
                        <dd>{typedPhoneOf(c.phone)}</dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              );
            })}
          </ul>
          <form
            className={styles.form}
            noValidate
            aria-label={contact.id ? t('team.profile.changeContact') : t('team.profile.addContact')}
            onSubmit={(event) => {
              event.preventDefault();
              chart.send({ type: 'profile.apply', command: { kind: 'contact', ...(contact.id ? { contact_id: contact.id } : {}), ...contact.draft } });
            }}
          >
            <h3 className={styles.itemName}>{contact.id ? t('team.profile.changeContact') : t('team.profile.addContact')}</h3>
            {(['first_name', 'last_name', 'title', 'email', 'phone'] as const).map((field) => (
              <TextField
                key={field}
                label={t(`team.profile.contact.${field}`)}
                required={field === 'first_name' || field === 'last_name'}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                autoComplete="off"
                value={contact.draft[field]}
                error={problem('contact', field)}
                onChange={(value) => setContact({ ...contact, draft: { ...contact.draft, [field]: field === 'phone' ? maskTypedPhone(value) : value } })}
              />
            ))}
            {failure('contact')}
            {status('contact', t('team.profile.contactSaved'))}
            {saved === 'deleteContact' ? (
              <p role="status" className={styles.message}>
                {t('team.profile.contactDeleted')}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button type="submit" loading={pending === 'contact'}>
                {contact.id ? t('team.profile.saveContact') : t('team.profile.addContact')}
              </Button>
              {contact.id ? (
                <Button variant="text" onClick={() => setContact({ draft: NO_CONTACT })}>
                  {t('team.vendor.cancel')}
                </Button>
              ) : null}
            </div>
          </form>
        </div>
      </Card>
    </>
  );
}
