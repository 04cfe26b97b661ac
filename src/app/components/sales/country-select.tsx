// The country choice of the sales screens (spec part 1 §2, §6; DESIGN §5, §7): the sales companies (getcompanylist with
// isFactory 2, scoped by the server) shown as name (number). A subsidiary user (company not OIH, not admin) is locked
// to their own company. Offline the list comes from the service worker's cache; when even that fails, the user's own
// company is still offered, so a subsidiary tablet can enter sales without a network (DESIGN §6).
import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyLookup, nameNumber, useLookup, type Option } from '@/app/components/crud/lookups';
import { useSession, type Session } from '@/app/session/session';
import { HEAD_OFFICE, isSuperUser } from '@/shared/domain/constants';

/** The company a user is locked to, or null when they may choose (admin, head office, no company). */
export function lockedCountry(session: Pick<Session, 'number' | 'companyNumber'> | null): string | null {
  if (!session || isSuperUser(session.number)) return null;
  const own = session.companyNumber ?? '';
  if (!own || own.toUpperCase() === HEAD_OFFICE) return null;
  return own;
}

/** The signed-in user's locked country (see lockedCountry), re-evaluated when the session changes. */
export function useLockedCountry(): string | null {
  return lockedCountry(useSession());
}

/** Value of the "All" entry inside the select (Mantine keeps '' for "nothing chosen"). */
const ALL = '__all__';

export interface CountrySelectProps {
  /** A company number; '' = none (or All, with allOption). */
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  required?: boolean;
  /** Offer "All" (value ''), for list filters. */
  allOption?: boolean;
  /** Translation key of the label; fields.sales.country by default. */
  label?: string;
  error?: string;
  /** Input width (list filters use a fixed one). */
  w?: number | string;
  'data-testid'?: string;
}

export function CountrySelect({ value, onChange, disabled, required, allOption, label, error, w, ...rest }: CountrySelectProps) {
  const { t } = useTranslation();
  const session = useSession();
  const locked = lockedCountry(session);
  const { options, loading } = useLookup(companyLookup);

  // A locked user always has their own company, whatever a URL, a draft or a caller asked for.
  useEffect(() => {
    if (locked && value !== locked) onChange(locked);
  }, [locked, value, onChange]);

  const shown = locked ?? value;
  const own: Option | null = session?.companyNumber
    ? { value: session.companyNumber, label: nameNumber(session.companyName ?? '', session.companyNumber) }
    : null;
  let data: Option[] = locked ? options.filter((o) => o.value === locked) : options;
  // Offline with nothing cached, or a value not (yet) in the list: keep it choosable and visible.
  if (own && !data.some((o) => o.value === own.value) && (locked || !options.length)) data = [own, ...data];
  if (shown && !data.some((o) => o.value === shown)) data = [...data, { value: shown, label: loading ? `${shown} …` : shown }];
  if (allOption && !locked) data = [{ value: ALL, label: t('crud.all') }, ...data];

  return (
    <Select
      label={t(label ?? 'fields.sales.country')}
      withAsterisk={required}
      data={data}
      value={shown ? shown : allOption && !locked ? ALL : null}
      onChange={(v) => onChange(!v || v === ALL ? '' : v)}
      searchable={!locked}
      allowDeselect={false}
      disabled={disabled || !!locked}
      nothingFoundMessage={loading ? '…' : t('crud.noData')}
      error={error}
      w={w}
      data-testid={rest['data-testid'] ?? 'field-country'}
      data-locked={locked ? true : undefined}
    />
  );
}
