// /ExchangeRateAdd?id=0&yearmonthcondition=YYYY-MM and /ExchangeRateEdit?Id= (spec part 1 §2, §8; DESIGN §7): year-month
// (a month picker; an add starts on the list's month), company (the sales companies in scope; a subsidiary is locked to
// its own), original currency RMB read-only, local currency from the currency list (a new company choice brings the
// company's usual one, from its newest rate), rate (local units per 1 RMB: positive, at most 6 decimals). The server's
// refusals show as the kit shows them: dataDuplication as its translated message, field errors under their inputs; an
// edit carries the version it loaded (staleVersion when someone changed the rate meanwhile).
import { useEffect, useMemo, useRef } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { queryParam, type FormMode } from '@/app/components/crud/form-logic';
import type { FormState } from '@/app/components/crud/form-state';
import { currencyLookup } from '@/app/components/crud/lookups';
import { CountrySelect } from '@/app/components/sales/country-select';
import {
  addExchangeRate,
  getExchangeRateById,
  getExchangeRatePage,
  REPORT_CURRENCY,
  type ExchangeRateFormInput,
  type ExchangeRateItem,
} from '@/shared/contracts/exchange-rate';
import { currentPeriod, followCurrency, formatRate, latestCurrencies, validPeriod } from './exchange-rate-logic';

interface Values extends Record<string, unknown> {
  id: number;
  yearMonth: string;
  country: string;
  oriCurrency: string;
  locCurrency: string;
  /** '' until typed. */
  exchangerate: number | '';
  /** The loaded record's version (0 when adding): an edit made meanwhile elsewhere is refused (staleVersion). */
  version: number;
}

/** The newest rates (one page, newest month first): each company's usual local currency. Failures leave no default. */
function useUsualCurrencies() {
  const q = useQuery({
    queryKey: ['exchange-rate', 'usual-currencies'],
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => call(getExchangeRatePage, { pageIndex: 1, pageSize: 100 }, { signal }),
  });
  return useMemo(() => latestCurrencies(q.data?.items ?? []), [q.data]);
}

function CountryField({ form }: { form: FormState<Values> }) {
  const usual = useUsualCurrencies();
  const { values, setFieldValue } = form;
  const p = form.getInputProps('country');
  // The latest values inside callbacks: CountrySelect may call onChange from an effect (a locked user's own company).
  const latest = useRef(values);
  latest.current = values;
  // A company chosen before the rates arrived (a locked user's, at once) gets its currency when they do.
  useEffect(() => {
    const v = latest.current;
    const loc = v.country && !v.locCurrency ? usual.get(v.country) : undefined;
    if (loc) setFieldValue('locCurrency', loc);
  }, [usual, setFieldValue]);
  return (
    <CountrySelect
      label="fields.exchangeRate.country"
      value={values.country}
      required
      error={p.error}
      onChange={(country) => {
        const v = latest.current;
        if (country === v.country) return;
        setFieldValue('country', country);
        const loc = followCurrency(v.country, country, v.locCurrency, usual);
        if (loc !== v.locCurrency) setFieldValue('locCurrency', loc);
      }}
    />
  );
}

const fields: FieldDef<Values>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'yearMonth', kind: 'month', required: true },
  { name: 'country', required: true, render: (form) => <CountryField form={form} /> },
  { name: 'oriCurrency', kind: 'readonly' },
  { name: 'locCurrency', kind: 'select', lookup: currencyLookup, required: true },
  { name: 'exchangerate', kind: 'number', decimals: 6, required: true },
];

const toValues = (r: ExchangeRateItem): Values => ({
  id: r.id,
  yearMonth: r.yearMonth,
  country: r.country,
  oriCurrency: r.oriCurrency,
  locCurrency: r.locCurrency,
  exchangerate: r.exchangerate,
  version: r.version,
});

/** Blank inputs are sent as missing, so the contract reports them as required rather than malformed. */
const toPayload = (v: Values, mode: FormMode) =>
  ({
    id: v.id,
    yearMonth: v.yearMonth || undefined,
    country: v.country,
    oriCurrency: v.oriCurrency || REPORT_CURRENCY,
    locCurrency: v.locCurrency,
    exchangerate: v.exchangerate === '' ? undefined : v.exchangerate,
    version: mode === 'edit' ? v.version : undefined,
  }) as ExchangeRateFormInput;

/** "1 RMB = 4.45 TWD" under the fields, once a currency and a rate are there: what the rate means. */
function RateMeaning({ values }: { values: Values }) {
  const { t } = useTranslation();
  const ok = values.locCurrency && values.exchangerate !== '' && Number(values.exchangerate) > 0;
  return (
    <Text size="sm" c="dimmed" data-testid="rate-meaning">
      {ok
        ? t('pages.exchangeRate.meaning', { ori: values.oriCurrency || REPORT_CURRENCY, rate: formatRate(Number(values.exchangerate)), loc: values.locCurrency })
        : t('pages.exchangeRate.hint', { ori: values.oriCurrency || REPORT_CURRENCY })}
    </Text>
  );
}

export default function ExchangeRateForm() {
  const [params] = useSearchParams();
  // An add starts on the list's month (yearmonthcondition), else this month.
  const startMonth = validPeriod(queryParam(params, 'yearmonthcondition')) || currentPeriod();
  const empty: Values = { id: 0, yearMonth: startMonth, country: '', oriCurrency: REPORT_CURRENCY, locCurrency: '', exchangerate: '', version: 0 };
  return (
    <CrudForm
      entity="exchangeRate"
      listPath="/ExchangeRateList"
      keyParam="Id"
      empty={empty}
      fields={fields}
      save={addExchangeRate}
      load={(id) => call(getExchangeRateById, { id })}
      toValues={toValues}
      toPayload={toPayload}
    >
      {(form) => <RateMeaning values={form.values} />}
    </CrudForm>
  );
}
