// The disable switch of every list (spec part 2 §4): sends the inverse of the value it shows, is busy during the call,
// flips only when the server says success; on failure it stays and the translated error is shown.
import { useState } from 'react';
import { Loader, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { inverse } from './list-state';

interface Props {
  /** The record's isDisabled. The switch is "on" when the record is disabled. */
  value: boolean;
  /** Performs the call with the new value; rejects on refusal or network failure. */
  onToggle(next: boolean): Promise<unknown>;
  /** Called after a success (e.g. to reload the list). */
  onDone?(next: boolean): void;
  /** Asks first (spec part 3 §4.4: templates); false leaves the switch as it is, with no call. */
  confirm?(next: boolean): Promise<boolean>;
  label?: string;
}

export function DisableSwitch({ value, onToggle, onDone, confirm, label }: Props) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(value);
  const [seen, setSeen] = useState(value);
  const [busy, setBusy] = useState(false);
  // A reloaded record brings its own value.
  if (seen !== value) {
    setSeen(value);
    setCurrent(value);
  }

  const toggle = async () => {
    if (busy) return;
    const next = inverse(current);
    if (confirm && !(await confirm(next))) return;
    setBusy(true);
    try {
      await onToggle(next);
      setCurrent(next);
      showSuccess('crud.saved');
      onDone?.(next);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Switch
      checked={current}
      onChange={() => void toggle()}
      disabled={busy}
      aria-busy={busy}
      aria-label={label ?? t('crud.disabled')}
      thumbIcon={busy ? <Loader size={10} /> : undefined}
      // The whole label (track and padding) is the hit area; the list's CSS makes it touch-sized on tablets.
      classNames={{ body: 'sd-row-switch' }}
      data-testid="disable-switch"
      data-checked={current}
    />
  );
}
