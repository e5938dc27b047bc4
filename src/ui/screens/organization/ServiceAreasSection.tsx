import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AccountId } from '../../../core/model/ids';
import { MAX_RADIUS_MILES, zipCodesOf } from '../../../core/rules/service-areas';
import { selectAreaProblems, selectAreaRows, selectAreasError, selectAreasMode, selectAreasSaved, selectZipInvalid, selectZipText } from '../../../machines/features/service-areas.machine';
import { selectZipAnswered, selectZipLookupError, selectZipResults, selectZipSearching } from '../../../machines/features/zip-lookup.machine';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { TextArea } from '../../components/TextArea/TextArea';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';

/**
 * The organization's service area (issue 11 "Team and area"), a section of /organization/profile: circles of a
 * radius in miles around a ZIP code, and ZIP codes listed one by one. Its vendors serve what these cover; an
 * address outside every organization's area is 'Not in service area'.
 */
export function ServiceAreasSection({ organizationId }: { readonly organizationId: AccountId }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.areas, { input: { organizationId } });
  const mode = useSelector(chart, selectAreasMode);
  const rows = useSelector(chart, selectAreaRows);
  const problems = useSelector(chart, selectAreaProblems);
  const zipText = useSelector(chart, selectZipText);
  const zipInvalid = useSelector(chart, selectZipInvalid);
  const error = useSelector(chart, selectAreasError);
  const saved = useSelector(chart, selectAreasSaved);
  const zipId = useId();

  return (
    <Card title={t('team.areas.title')}>
      <div className={styles.stack}>
      <p className={styles.lead}>{t('team.areas.lead')}</p>
      {mode === 'loading' ? (
        <p role="status" className={styles.message}>
          {t('team.areas.loading')}
        </p>
      ) : mode === 'error' ? (
        <div className={styles.state}>
          <p role="alert" className={styles.error}>
            {`${t('team.areas.loadError')} ${error ? errorText(error) : ''}`}
          </p>
          <Button variant="text" onClick={() => chart.send({ type: 'areas.retry' })}>
            {t('team.review.retry')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'areas.save' });
          }}
        >
          <h3 className={styles.itemName}>{t('team.areas.circles')}</h3>
          {rows.length === 0 ? <p className={styles.message}>{t('team.areas.none')}</p> : null}
          <ul className={styles.rows}>
            {rows.map((row, index) => {
              const problem = problems[index] ?? {};
              const n = index + 1;
              return (
                <li key={index} className={styles.row} aria-label={t('team.areas.row', { n })}>
                  <TextField
                    label={t('team.areas.zip')}
                    required
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={5}
                    value={row.postal_code}
                    error={problem.postal_code ? t('team.areas.zipProblem') : undefined}
                    onChange={(value) => chart.send({ type: 'areas.change', index, field: 'postal_code', value })}
                  />
                  <TextField
                    label={t('team.areas.radius')}
                    required
                    inputMode="decimal"
                    autoComplete="off"
                    value={row.radius_miles}
                    error={problem.radius_miles ? t('team.areas.radiusProblem', { max: MAX_RADIUS_MILES }) : undefined}
                    onChange={(value) => chart.send({ type: 'areas.change', index, field: 'radius_miles', value })}
                  />
                  <TextField
                    label={t('team.areas.label')}
                    autoComplete="off"
                    maxLength={80}
                    value={row.label}
                    onChange={(value) => chart.send({ type: 'areas.change', index, field: 'label', value })}
                  />
                  <Button variant="text" onClick={() => chart.send({ type: 'areas.remove', index })} aria-label={t('team.areas.removeRow', { n })}>
                    {t('team.areas.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className={styles.actions}>
            <Button variant="text" onClick={() => chart.send({ type: 'areas.add' })}>
              {t('team.areas.add')}
            </Button>
          </div>
          <TextArea
            id={zipId}
            label={t('team.areas.zips')}
            hint={t('team.areas.zipsHint')}
            value={zipText}
            error={zipInvalid.length ? t('team.areas.zipsProblem', { zips: zipInvalid.join(', ') }) : undefined}
            onChange={(text) => chart.send({ type: 'areas.zips', text })}
          />
          <ZipFinder zipText={zipText} onAdd={(zip) => chart.send({ type: 'areas.zips', text: zipText.trim() ? `${zipText.trim()}, ${zip}` : zip })} />
          {error ? (
            <p role="alert" className={styles.error}>
              {errorText(error)}
            </p>
          ) : null}
          <p role="status" className={styles.message}>
            {saved ? t('team.areas.saved') : ''}
          </p>
          <div className={styles.actions}>
            <Button type="submit" loading={mode === 'saving'}>
              {t('team.areas.save')}
            </Button>
          </div>
        </form>
      )}
      </div>
    </Card>
  );
}

/**
 * Finding ZIP codes of the platform by number or city (search/zipcodes, 3 or more characters) and adding a match to
 * the listed ZIP codes; a ZIP code already listed shows as added. Enter in the search field does not save the form.
 */
function ZipFinder({ zipText, onAdd }: { readonly zipText: string; readonly onAdd: (zip: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const machines = useOrganizationMachines();
  const lookup = useActorRef(machines.zipLookup);
  const results = useSelector(lookup, selectZipResults);
  const searching = useSelector(lookup, selectZipSearching);
  const answered = useSelector(lookup, selectZipAnswered);
  const error = useSelector(lookup, selectZipLookupError);
  const [text, setText] = useState('');
  const listed = new Set(zipCodesOf(zipText).zips);

  return (
    <div className={styles.stack}>
      <TextField
        label={t('team.areas.find')}
        hint={t('team.areas.findHint')}
        type="search"
        autoComplete="off"
        maxLength={60}
        value={text}
        onChange={(value) => {
          setText(value);
          lookup.send({ type: 'zip.find', text: value });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <p role="status" className={styles.fieldHint}>
        {searching ? t('team.areas.findSearching') : answered ? (results.length ? t('team.areas.findCount', { count: results.length }) : t('team.areas.findNone', { text: answered })) : ''}
      </p>
      {error ? (
        <p role="alert" className={styles.error}>
          {errorText(error)}
        </p>
      ) : null}
      {results.length ? (
        <ul className={styles.list} aria-label={t('team.areas.findResults')}>
          {results.map((z) => {
            const added = listed.has(z.zip_code);
            return (
              <li key={z.zip_code} className={styles.itemHead}>
                <span>
                  {`${z.zip_code} · ${z.city ?? ''}${z.state ? `, ${z.state}` : ''}`}
                  {z.serviced === false ? ` (${t('team.areas.findNotServed')})` : ''}
                </span>
                <Button variant="text" disabled={added} onClick={() => onAdd(z.zip_code)}>
                  {added ? t('team.areas.findAdded') : t('team.areas.findAdd', { zip: z.zip_code })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
