// The filter row of the report screens (spec part 1 §2): the year-month picker, the country (a remote select, locked
// for subsidiaries; read-only where the report fixes it), the model filters (type → level → model: the model choices
// follow the type and level through getproductmodlist2), and the buttons Search, Export to Excel and E-mail. The row
// wraps on a tablet.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyLookup, lookup, nameNumber, useLookup } from '@/app/components/crud/lookups';
import { MonthInput } from '@/app/components/crud/month-input';
import { CountrySelect } from '@/app/components/sales/country-select';
import { getProductModList2 } from '@/shared/contracts/product-mod';
import { HEAD_OFFICE } from '@/shared/domain/constants';
import { MODEL_DATA_TYPES, MODEL_FILTER_LEVELS } from '@/shared/domain/master-data';

/** "YYYY-MM" of a date, in local time. */
export const yearMonthOf = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** The report month ("YYYY-MM"); the crud kit's month picker (lazy, with @mantine/dates). */
export function MonthFilter({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  // A month is always chosen: clearing is not offered, and an empty answer keeps the month.
  return <MonthInput label={t('reports.filters.yearMonth')} value={value} onChange={(v) => v && onChange(v)} w={130} testId="filter-yearMonth" />;
}

/** The country of the model reports: every country ('') or one; a subsidiary user is locked to their own. */
export function CountryFilter({ value, onChange }: { value: string; onChange(v: string): void }) {
  return <CountrySelect value={value} onChange={onChange} allOption label="reports.filters.country" w={220} data-testid="filter-country" />;
}

/** A country the report fixes (total: OIH; daily and Monday: the consolidated report, or the subsidiary's own). */
export function FixedCountryField({ value }: { value: string }) {
  const { t } = useTranslation();
  const { options } = useLookup(companyLookup);
  const text = !value || value.toUpperCase() === HEAD_OFFICE ? t('reports.filters.consolidated') : (options.find((o) => o.value === value)?.label ?? value);
  return <TextInput label={t('reports.filters.country')} value={text} readOnly w={220} data-testid="filter-country" data-value={value || HEAD_OFFICE} />;
}

export interface ModelFilterValues {
  type: string;
  modelLevel: string;
  model: string;
}

/** The model choices for a type and level (both optional). */
export const modelChoices = (type: string, modelLevel: string) =>
  lookup(getProductModList2, { modelType: type || undefined, modelLevel: modelLevel || undefined }, (r) => ({
    value: String(r.id),
    label: nameNumber(r.productMod, r.productModNa),
  }));

/** Type, level and model; a new type or level clears the model (its choices change). */
export function ModelFilters({ values, onChange }: { values: ModelFilterValues; onChange(next: ModelFilterValues): void }) {
  const { t } = useTranslation();
  const { options, loading } = useLookup(modelChoices(values.type, values.modelLevel));
  const modelData = values.model && !options.some((o) => o.value === values.model) ? [{ value: values.model, label: loading ? '…' : values.model }, ...options] : options;
  return (
    <>
      <Select
        label={t('reports.filters.type')}
        data={[...MODEL_DATA_TYPES]}
        value={values.type || null}
        onChange={(v) => onChange({ ...values, type: v ?? '', model: '' })}
        placeholder={t('crud.all')}
        clearable
        w={130}
        data-testid="filter-type"
      />
      <Select
        label={t('reports.filters.level')}
        data={[...MODEL_FILTER_LEVELS]}
        value={values.modelLevel || null}
        onChange={(v) => onChange({ ...values, modelLevel: v ?? '', model: '' })}
        placeholder={t('crud.all')}
        clearable
        w={120}
        data-testid="filter-modelLevel"
      />
      <Select
        label={t('reports.filters.model')}
        data={modelData}
        value={values.model || null}
        onChange={(v) => onChange({ ...values, model: v ?? '' })}
        placeholder={t('crud.all')}
        searchable
        clearable
        nothingFoundMessage={loading ? '…' : t('crud.noData')}
        w={240}
        data-testid="filter-model"
      />
    </>
  );
}

export interface ReportFilterBarProps {
  children: ReactNode;
  onSearch(): void;
  onExport(): void;
  /** Nothing loaded yet: nothing to export. */
  exportDisabled?: boolean;
  exporting?: boolean;
  /** The E-mail button (daily and Monday reports). */
  onEmail?: () => void;
  mailing?: boolean;
  /** The user may not load this report, so may not mail it either. */
  emailDisabled?: boolean;
  searching?: boolean;
}

export function ReportFilterBar(p: ReportFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Paper p="sm" withBorder>
      <Group align="flex-end" gap="sm" wrap="wrap" data-testid="filter-bar">
        {p.children}
        <Group gap="sm" wrap="wrap">
          <Button onClick={p.onSearch} loading={p.searching} data-testid="search">
            {t('crud.search')}
          </Button>
          <Button variant="outline" onClick={p.onExport} loading={p.exporting} disabled={p.exportDisabled} data-testid="report-export">
            {t('reports.actions.export')}
          </Button>
          {p.onEmail && (
            <Button variant="outline" onClick={p.onEmail} loading={p.mailing} disabled={p.emailDisabled} data-testid="report-email">
              {t('reports.actions.email')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
