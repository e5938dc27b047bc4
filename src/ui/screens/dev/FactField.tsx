import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { TextField } from '../../components/TextField/TextField';
import type { FieldSpec } from './charts';
import { fromLocalInput, plusDays, toLocalInput } from './dates';
import styles from './FlowExplorer.module.css';

export interface FactFieldProps {
  readonly spec: FieldSpec;
  /** Shown as the label: `context.startTime`, `event.note`. */
  readonly label: string;
  readonly value: unknown;
  /**
   * What a blank input becomes: `null` for a nullable context fact, '' for a required text fact,
   * `undefined` for an event payload key (left out of the event).
   */
  readonly blank: null | '' | undefined;
  /** `event.now`, for the quick date values. */
  readonly now: string;
  readonly onChange: (value: unknown) => void;
}

const NONE = '';

/** One fact or payload input, by the spec's kind (date-time, text, number, yes/no, one or several of a list). */
export function FactField({ spec, label, value, blank, now, onChange }: FactFieldProps) {
  const intl = useIntl();
  const groupId = useId();
  const none = intl.formatMessage({ id: 'devFlows.none' });

  switch (spec.input) {
    case 'datetime': {
      const presets: readonly [string, number][] = [
        ['devFlows.preset.dayAgo', -1],
        ['devFlows.preset.inTwoDays', 2],
        ['devFlows.preset.inTenDays', 10],
      ];
      return (
        <div className={styles.field}>
          <TextField
            label={<code>{label}</code>}
            type="datetime-local"
            value={toLocalInput(value)}
            onChange={(text) => {
              const iso = fromLocalInput(text);
              onChange(iso === '' ? blank : iso);
            }}
            hint={typeof value === 'string' && value !== '' ? <code>{value}</code> : undefined}
          />
          <div role="group" aria-label={intl.formatMessage({ id: 'devFlows.preset.group' }, { field: label })} className={styles.presets}>
            {presets.map(([id, days]) => (
              <Button key={id} variant="text" onClick={() => onChange(plusDays(now, days))}>
                {intl.formatMessage({ id })}
              </Button>
            ))}
            <Button variant="text" onClick={() => onChange(blank)}>
              {intl.formatMessage({ id: 'devFlows.preset.clear' })}
            </Button>
          </div>
        </div>
      );
    }
    case 'text':
      return (
        <TextField
          className={styles.field}
          label={<code>{label}</code>}
          value={typeof value === 'string' ? value : ''}
          onChange={(text) => onChange(text === '' ? blank : text)}
        />
      );
    case 'number':
      return (
        <TextField
          className={styles.field}
          label={<code>{label}</code>}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(text) => onChange(text.trim() === '' || Number.isNaN(Number(text)) ? blank : Number(text))}
        />
      );
    case 'boolean':
      return (
        <Dropdown
          className={styles.field}
          label={<code>{label}</code>}
          width={240}
          options={[
            { value: NONE, label: none, textValue: none },
            { value: 'true', label: 'true' },
            { value: 'false', label: 'false' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : NONE}
          onChange={(choice) => onChange(choice === NONE ? blank : choice === 'true')}
        />
      );
    case 'choice':
      return (
        <Dropdown
          className={styles.field}
          label={<code>{label}</code>}
          width={240}
          options={[{ value: NONE, label: none, textValue: none }, ...spec.options.map((option) => ({ value: option, label: option }))]}
          value={typeof value === 'string' ? value : NONE}
          onChange={(choice) => onChange(choice === NONE ? blank : choice)}
        />
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? (value as readonly unknown[]) : [];
      return (
        <fieldset className={styles.choices} aria-describedby={`${groupId}-hint`}>
          <legend>
            <code>{label}</code>
          </legend>
          <p id={`${groupId}-hint`} className={styles.hint}>
            {intl.formatMessage({ id: 'devFlows.facts.listHint' })}
          </p>
          {spec.options.map((option) => (
            <label key={option} className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
              />
              <code>{option}</code>
            </label>
          ))}
        </fieldset>
      );
    }
  }
}
