// /EditWeekSalesData?Id (spec part 1 §2, §7): the record's date period and week amount (read-only), year and month
// pickers and Save. The original posted to a category path by mistake; this page saves through the weekly sales call
// (the offline save path, with the record's version). A record's amounts belong to Sundays, so a move maps them Sunday
// by Sunday (1st to 1st, 2nd to 2nd, ...); a month with fewer Sundays is refused when it would drop a non-zero
// amount, and extra Sundays of the new month start at 0. A month the country already has is refused (dataDuplication).
import { useMemo, useState } from 'react';
import { Alert, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useReturn } from '@/app/components/crud/crud-form';
import { useUnsavedGuard } from '@/app/components/crud/unsaved-guard';
import { showErrorKey } from '@/app/components/feedback/feedback';
import { nameNumber } from '@/app/components/crud/lookups';
import { amountText, formatAmount } from '@/app/components/sales/amounts';
import { readEntryQuery } from '@/app/components/sales/entry-query';
import { refusedAsExisting } from '@/app/components/sales/existing-check';
import { SalesFormFrame } from '@/app/components/sales/sales-form-frame';
import { useDraftValues } from '@/app/components/sales/use-draft-values';
import { useEntrySave } from '@/app/components/sales/use-entry-save';
import { useRecord } from '@/app/components/sales/use-record';
import { YearMonthFields, type YearMonth } from '@/app/components/sales/year-month-fields';
import { DraftNotice } from '@/app/offline/drafts';
import { getWeekSalesData, getWeekSalesDataPage2, type WeekSalesRecord } from '@/shared/contracts/sales-data';
import { periodOf, sundaysOf } from '@/shared/domain/sales';
import { amountsOf, movedPayload, weekValuesFrom, type WeekValues } from './week-sales-logic';

const LIST = '/WeekSalesDataList';

export default function WeekSalesMonth() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = useMemo(() => readEntryQuery(params, 'Id'), [params]);
  const [record, setRecord] = useState<WeekSalesRecord | null>(null);
  const [values, setValues] = useState<YearMonth>({ year: null, month: null });
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<{ year?: string; month?: string }>({});
  const load = useRecord(q.id, true, (id) => call(getWeekSalesData, { id }), (r) => {
    setRecord(r);
    setValues({ year: r.yearS, month: r.monthS });
  });
  const ready = !load.loading && !load.failure && !!record;
  const dirty = !!record && (values.year !== record.yearS || values.month !== record.monthS);
  // The draft has the weekly form's shape (the outbox's Open of this edit opens the weekly form on it).
  const moved = record && values.year && values.month ? movedPayload(record, values.year, values.month) : null;
  const draftValues: WeekValues = {
    year: values.year,
    month: values.month,
    country: record?.country ?? '',
    amounts: Object.fromEntries(
      (moved?.salesDataDetailEntities ?? []).flatMap((d) => d.salesDataDetailSubs.map((s) => [s.salesDataDate, amountText(Number(s.uploadAmount))])),
    ),
  };
  const restore = (v: unknown) => {
    const w = weekValuesFrom(v, draftValues);
    setValues({ year: w.year, month: w.month });
  };
  const { key: draftKey, handle: draft } = useDraftValues(`weekSales:period:${q.id}`, q.get, draftValues, { ready, readOnly: false, dirty, restore });
  const guard = useUnsavedGuard(() => dirty);
  const saver = useEntrySave({ listPath: LIST, onLeave: guard.release });
  const ret = useReturn(LIST);

  async function submit() {
    if (!record) return;
    const { year, month } = values;
    const required = t('crud.validation.required');
    setErrors({ year: year ? undefined : required, month: month ? undefined : required });
    if (!year || !month) return;
    const payload = movedPayload(record, year, month);
    if (!payload) {
      showErrorKey('sales.weekSales.sundaysDiffer', { count: sundaysOf(year, month).length, have: amountsOf(record).length });
      return;
    }
    setChecking(true);
    const taken = await refusedAsExisting(async () => (await call(getWeekSalesDataPage2, { year, month, country: record.country })).some((r) => r.id !== record.id), 'errors.dataDuplication');
    setChecking(false);
    if (taken) return;
    await saver.save('weekSales', 'edit', payload, { label: `${record.country} ${periodOf(year, month)}`, draftKey });
  }

  return (
    <SalesFormFrame
      testId="week-sales-month"
      loading={load.loading}
      failure={load.failure}
      onRetry={load.retry}
      readOnly={false}
      saving={saver.saving || checking}
      onSave={() => void submit()}
      onReturn={ret.back}
      notice={ready && <DraftNotice handle={draft} onRestore={restore} />}
      dialogs={
        <>
          {saver.dialog}
          {guard.dialog}
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label={t('fields.weekSales.country')} value={record ? nameNumber(record.countryName, record.country) : ''} readOnly variant="filled" />
        <TextInput label={t('fields.weekSales.datePeriod')} value={record?.datePeriod ?? ''} readOnly variant="filled" data-testid="field-datePeriod" />
        <TextInput
          label={t('fields.weekSales.weekAmount')}
          value={record ? formatAmount(record.weekAmount) : ''}
          readOnly
          variant="filled"
          data-testid="field-weekAmount"
        />
      </SimpleGrid>
      <Group>
        <YearMonthFields
          year={values.year}
          month={values.month}
          onChange={(v) => {
            setValues(v);
            setErrors({});
          }}
          required
          errors={errors}
        />
      </Group>
      <Alert color="gray" variant="light">
        {t('sales.weekSales.editHint')}
      </Alert>
    </SalesFormFrame>
  );
}
