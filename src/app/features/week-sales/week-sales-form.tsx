// /WeekSalesData (spec part 1 §2, §5; DESIGN §6–§7): year, month and country (required; a subsidiary user is locked
// to their own), then one amount per Sunday of the chosen month (digits, two decimals) and their total. Query id,
// readonly, operate (add, edit, query), country, yearS, monthS. Edit and query load the record; an add first asks
// whether the country already has that month (dataDuplication), as the outbox does again on replay. Saving goes
// through the offline save path; the form autosaves a draft and offers it when reopened.
import { useMemo, useState } from 'react';
import { Button, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useReturn } from '@/app/components/crud/crud-form';
import { useUnsavedGuard } from '@/app/components/crud/unsaved-guard';
import { amountOf, formatAmount, isAmountText, normalizeAmountText } from '@/app/components/sales/amounts';
import { CountrySelect, useLockedCountry } from '@/app/components/sales/country-select';
import { intParam, readEntryQuery } from '@/app/components/sales/entry-query';
import { refusedAsExisting } from '@/app/components/sales/existing-check';
import { SalesFormFrame } from '@/app/components/sales/sales-form-frame';
import { useDraftValues } from '@/app/components/sales/use-draft-values';
import { useEntrySave } from '@/app/components/sales/use-entry-save';
import { useRecord } from '@/app/components/sales/use-record';
import { YearMonthFields } from '@/app/components/sales/year-month-fields';
import { useCan } from '@/app/components/shell/permissions';
import { DraftNotice } from '@/app/offline/drafts';
import { getWeekSalesData, getWeekSalesDataPage2 } from '@/shared/contracts/sales-data';
import { periodOf, sumAmounts, sundaysOf } from '@/shared/domain/sales';
import { weekPayload, weekValuesFrom, weekValuesOf, type WeekValues } from './week-sales-logic';

const LIST = '/WeekSalesDataList';

export default function WeekSalesForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = useMemo(() => readEntryQuery(params), [params]);
  const editing = q.operate === 'edit' || q.operate === 'query';
  const locked = useLockedCountry();
  const canEdit = useCan('btn:WeekSalesDataList.edit');
  const now = new Date();
  const initial: WeekValues = {
    year: intParam(q.get('yearS'), 2000, 2100) ?? now.getFullYear(),
    month: intParam(q.get('monthS'), 1, 12) ?? now.getMonth() + 1,
    country: locked ?? q.get('country'),
    amounts: {},
  };
  const [values, setValues] = useState<WeekValues>(initial);
  const [baseline, setBaseline] = useState<WeekValues>(initial);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<{ country?: string; year?: string; month?: string }>({});
  const [checking, setChecking] = useState(false);

  const record = useRecord(q.id, editing, (id) => call(getWeekSalesData, { id }), (r) => {
    const v = weekValuesOf(r);
    setValues(v);
    setBaseline(v);
    setVersion(r.version);
  });
  const ready = !record.loading && !record.failure;
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const restore = (v: unknown) => setValues((cur) => weekValuesFrom(v, cur));
  const { key: draftKey, handle: draft } = useDraftValues(editing ? `weekSales:edit:${q.id}` : 'weekSales:add:new', q.get, values, {
    ready,
    readOnly: q.readOnly,
    dirty,
    restore,
  });
  const guard = useUnsavedGuard(() => dirty && !q.readOnly);
  const saver = useEntrySave({ listPath: LIST, onLeave: guard.release });
  const ret = useReturn(LIST);

  const { year, month } = values;
  const sundays = year && month ? sundaysOf(year, month) : [];
  const total = sumAmounts(sundays.map((d) => amountOf(values.amounts[d])));

  const set = (patch: Partial<WeekValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const setAmount = (date: string, text: string) => {
    const next = normalizeAmountText(text);
    if (isAmountText(next)) setValues((v) => ({ ...v, amounts: { ...v.amounts, [date]: next } }));
  };

  async function submit() {
    const required = t('crud.validation.required');
    const found = { country: values.country ? undefined : required, year: year ? undefined : required, month: month ? undefined : required };
    setErrors(found);
    if (!year || !month || !values.country) return;
    const period = periodOf(year, month);
    setChecking(true);
    // One record per country and month: refuse here what the server would refuse (another record of that month).
    const country = values.country;
    const taken = await refusedAsExisting(async () => (await call(getWeekSalesDataPage2, { year, month, country })).some((r) => r.id !== q.id), 'errors.dataDuplication');
    setChecking(false);
    if (taken) return;
    await saver.save('weekSales', editing ? 'edit' : 'add', weekPayload({ ...values, year, month }, editing ? q.id : 0, editing ? version : undefined), {
      label: `${values.country} ${period}`,
      draftKey,
    });
  }

  return (
    <SalesFormFrame
      testId="week-sales-form"
      loading={record.loading}
      failure={record.failure}
      onRetry={record.retry}
      readOnly={q.readOnly}
      saving={saver.saving || checking}
      onSave={() => void submit()}
      onReturn={ret.back}
      notice={ready && !q.readOnly && <DraftNotice handle={draft} onRestore={restore} />}
      dialogs={
        <>
          {saver.dialog}
          {guard.dialog}
        </>
      }
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <YearMonthFields
          year={year}
          month={month}
          onChange={(v) => set(v)}
          disabled={q.readOnly}
          required
          errors={{ year: errors.year, month: errors.month }}
        />
        <CountrySelect value={values.country} onChange={(country) => set({ country })} disabled={q.readOnly} required error={errors.country} w={260} />
      </Group>
      <Group justify="space-between" align="center">
        <Title order={5}>{t('sales.weekSales.amounts')}</Title>
        {q.operate === 'edit' && !q.readOnly && canEdit && (
          // The spec's separate month-change page (/EditWeekSalesData), which the list does not link.
          <Button variant="subtle" component={Link} to={`/EditWeekSalesData?Id=${q.id}`} data-testid="change-month">
            {t('sales.weekSales.changeMonth')}
          </Button>
        )}
      </Group>
      {sundays.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('sales.weekSales.chooseMonth')}
        </Text>
      ) : (
        <div className="sd-scroll-frame">
          <Table withTableBorder withColumnBorders miw={sundays.length * 112 + 132} data-testid="week-sales-table">
            <Table.Thead>
              <Table.Tr>
                {sundays.map((d) => (
                  <Table.Th key={d} ta="center">
                    {t('sales.weekSales.sunday', { date: d.slice(5) })}
                  </Table.Th>
                ))}
                <Table.Th ta="center" miw={120}>
                  {t('fields.weekSales.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                {sundays.map((d) => (
                  <Table.Td key={d} p={4}>
                    <TextInput
                      name={`amount-${d.slice(8)}`}
                      aria-label={`${t('fields.weekSales.uploadAmount')} ${d}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={values.amounts[d] ?? ''}
                      readOnly={q.readOnly}
                      onChange={(e) => setAmount(d, e.currentTarget.value)}
                      styles={{ input: { textAlign: 'right', minHeight: 40 } }}
                    />
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700} data-testid="week-total">
                  {formatAmount(total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </div>
      )}
    </SalesFormFrame>
  );
}
