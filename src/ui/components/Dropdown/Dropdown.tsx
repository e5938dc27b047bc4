import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DROPDOWN_POPOVER_WIDTH } from '../../../core/rules/constants';
import { cx } from '../cx';
import { Icon } from '../Icon/Icon';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './Dropdown.module.css';

export interface DropdownOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** Plain text of the label, for type-ahead when the label is not a string. */
  textValue?: string;
  disabled?: boolean;
}

export interface DropdownProps<V extends string = string> {
  label: ReactNode;
  /** Keeps the label for assistive technology only. */
  hideLabel?: boolean;
  options: ReadonlyArray<DropdownOption<V>>;
  value: V | null;
  onChange: (value: V) => void;
  /** Shown when nothing is selected; defaults to the translated 'Select'. */
  placeholder?: ReactNode;
  disabled?: boolean;
  /** Popover width in pixels (accounts §2: default 400). */
  width?: number;
  error?: ReactNode;
  /** Custom rendering of an option (payment card, frequency… templates). */
  renderOption?: (option: DropdownOption<V>, state: { selected: boolean; active: boolean }) => ReactNode;
  /** Extra content under the list, e.g. an 'Add New' action. */
  footer?: ReactNode;
  id?: string;
  className?: string;
}


/**
 * The custom dropdown of accounts §2, built on the ARIA select-only combobox pattern: focus stays on
 * the trigger while aria-activedescendant points into the listbox. The selected option cannot be
 * chosen again; outside clicks and Escape close the popover.
 */
export function Dropdown<V extends string = string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  width = DROPDOWN_POPOVER_WIDTH,
  error,
  renderOption,
  footer,
  id,
  className,
}: DropdownProps<V>) {
  const intl = useIntl();
  const autoId = useId();
  const baseId = id ?? `dropdown-${autoId}`;
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const errorId = `${baseId}-error`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typeahead = useRef({ text: '', at: 0 });

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const enabled = (index: number) => !!options[index] && !options[index]?.disabled;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open || active < 0) return;
    const element = document.getElementById(optionId(active));
    element?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on baseId
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active, baseId]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const step = (from: number, direction: 1 | -1) => {
    for (let index = from + direction; index >= 0 && index < options.length; index += direction) {
      if (enabled(index)) return index;
    }
    return from;
  };
  const first = () => step(-1, 1);
  const last = () => step(options.length, -1);

  const openList = (at?: number) => {
    if (disabled) return;
    setActive(at ?? (selectedIndex >= 0 ? selectedIndex : first()));
    setOpen(true);
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    if (index === selectedIndex) return; // the selected item cannot be clicked again
    onChange(option.value);
    setOpen(false);
  };

  const textOf = (option: DropdownOption<V>) =>
    (option.textValue ?? (typeof option.label === 'string' ? option.label : '')).toLowerCase();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    const key = event.key;
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault();
        openList(key === 'ArrowUp' && selectedIndex < 0 ? last() : undefined);
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        openList(key === 'Home' ? first() : last());
      }
      return;
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((current) => (current < 0 ? first() : step(current, 1)));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActive((current) => (current < 0 ? last() : step(current, -1)));
        return;
      case 'Home':
        event.preventDefault();
        setActive(first());
        return;
      case 'End':
        event.preventDefault();
        setActive(last());
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (active === selectedIndex) setOpen(false);
        else choose(active);
        return;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const now = Date.now();
          const buffer = now - typeahead.current.at < 700 ? typeahead.current.text + key.toLowerCase() : key.toLowerCase();
          typeahead.current = { text: buffer, at: now };
          const match = options.findIndex((option, index) => enabled(index) && textOf(option).startsWith(buffer));
          if (match >= 0) setActive(match);
        }
    }
  };

  return (
    <div ref={rootRef} className={cx(styles.dropdown, className)}>
      <span id={labelId} className={hideLabel ? VISUALLY_HIDDEN : styles.label}>
        {label}
      </span>
      <button
        type="button"
        id={baseId}
        role="combobox"
        className={cx(styles.trigger, error ? styles.invalid : undefined)}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={labelId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
      >
        <span className={cx(styles.value, !selected && styles.placeholder)}>
          {selected ? selected.label : (placeholder ?? intl.formatMessage({ id: 'dropdown.placeholder' }))}
        </span>
        <Icon name="chevronDown" className={cx(styles.chevron, open && styles.chevronOpen)} />
      </button>
      <div className={styles.popover} style={{ '--dropdown-popover-width': `${width}px` } as CSSProperties} hidden={!open}>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className={styles.list}
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => {
            const isSelected = index === selectedIndex;
            const isActive = index === active;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                aria-disabled={option.disabled || isSelected || undefined}
                className={cx(styles.option, isActive && styles.active, isSelected && styles.selected, option.disabled && styles.disabled)}
                onClick={() => choose(index)}
                onMouseMove={() => {
                  if (enabled(index) && active !== index) setActive(index);
                }}
              >
                {renderOption ? renderOption(option, { selected: isSelected, active: isActive }) : option.label}
                {isSelected ? <Icon name="check" size={18} className={styles.check} /> : null}
              </li>
            );
          })}
        </ul>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
