// The filter row of a list or picker, drawn from filter declarations; Enter in a text filter and the Search button
// apply the draft (and go back to page 1).
import type { ReactNode } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from './list-state';
import { DISABLED_ALL } from './list-state';
import { filterKey, type FilterDef } from './filters';
import { useLookup, type Lookup } from './lookups';
import { MonthInput } from './month-input';

interface Props {
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange(key: string, value: string): void;
  onSearch(): void;
  /** Buttons after Search (Add, Confirm, ...). */
  children?: ReactNode;
}

function RemoteFilter({ id, label, lookup, value, onChange }: { id: string; label: string; lookup: Lookup; value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const { options, loading } = useLookup(lookup);
  // Keep a value from the URL visible even before (or without) its option.
  const data = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      // An empty filter means every value (the spec's "All" option).
      placeholder={t('crud.all')}
      nothingFoundMessage={loading ? '…' : undefined}
      w={220}
      data-testid={`filter-${id}`}
    />
  );
}

export function FilterBar({ filters, values, onChange, onSearch, children }: Props) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="filter-bar">
      {filters.map((f) => {
        const key = filterKey(f);
        const value = values[key] ?? '';
        const set = (v: string) => onChange(key, v);
        switch (f.kind) {
          case 'disabled':
            return (
              <Select
                key={key}
                label={t(f.label ?? 'crud.disabled')}
                data={[
                  { value: DISABLED_ALL, label: t('crud.all') },
                  { value: 'true', label: t('crud.yes') },
                  { value: 'false', label: t('crud.no') },
                ]}
                value={value}
                onChange={(v) => set(v ?? DISABLED_ALL)}
                allowDeselect={false}
                w={120}
                data-testid={`filter-${key}`}
              />
            );
          case 'text':
            return (
              <TextInput
                key={key}
                label={t(f.label)}
                value={value}
                onChange={(e) => set(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && onSearch()}
                w={200}
                data-testid={`filter-${key}`}
              />
            );
          case 'select':
            return (
              <Select
                key={key}
                label={t(f.label)}
                data={f.options.map((o) => ({ value: o.value, label: o.labelKey ? t(o.labelKey) : o.label }))}
                value={value || null}
                onChange={(v) => set(v ?? '')}
                clearable={f.clearable ?? true}
                w={180}
                data-testid={`filter-${key}`}
              />
            );
          case 'remote':
            return <RemoteFilter key={key} id={key} label={t(f.label)} lookup={f.lookup} value={value} onChange={set} />;
          case 'month':
            return <MonthInput key={key} label={t(f.label)} value={value} onChange={set} clearable={f.clearable} w={140} testId={`filter-${key}`} />;
          case 'readonly':
            return <TextInput key={key} label={t(f.label)} value={f.value} readOnly variant="filled" w={120} data-testid={`filter-${key}`} />;
        }
      })}
      <Button onClick={onSearch} data-testid="search">
        {t('crud.search')}
      </Button>
      {children}
    </Group>
  );
}
