// /SalesDataEdit (spec part 1 §2, §5; DESIGN §6–§7): add, edit or query one period's sales data of a country.
// Query: id, datePeriod, country, rules, years, months, readonly, operate. Period (year and month) and country are
// required (a subsidiary user is locked to their own); rule 1 is a grid of product models with a quantity per day,
// rule 2 the month calendar of corporate and offline amounts. While adding, the has-sales-data check runs before Save
// and before a row is added (an existing record stops it: hasSalesData). Edit carries the loaded version. Saving goes
// through the offline save path; the form autosaves a draft and offers it when reopened.
import { useMemo, useState } from 'react';
import { Button, Group, Input, SegmentedControl, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useReturn } from '@/app/components/crud/crud-form';
import { useUnsavedGuard } from '@/app/components/crud/unsaved-guard';
import { showErrorKey, showInfo } from '@/app/components/feedback/feedback';
import { ModelPicker } from '@/app/components/pickers/model-picker';
import { CountrySelect, useLockedCountry } from '@/app/components/sales/country-select';
import { intParam, readEntryQuery } from '@/app/components/sales/entry-query';
import { MonthCalendar } from '@/app/components/sales/month-calendar';
import { refusedAsExisting } from '@/app/components/sales/existing-check';
import { SalesFormFrame } from '@/app/components/sales/sales-form-frame';
import { useDraftValues } from '@/app/components/sales/use-draft-values';
import { useEntrySave } from '@/app/components/sales/use-entry-save';
import { useRecord } from '@/app/components/sales/use-record';
import { YearMonthFields } from '@/app/components/sales/year-month-fields';
import { DraftNotice } from '@/app/offline/drafts';
import type { ProductModLookupItem } from '@/shared/contracts/product-mod';
import { getSalesDataById, salesDataExist } from '@/shared/contracts/sales-data';
import { splitCompanys } from '@/shared/domain/master-data';
import { parsePeriod, periodOf, type Rule } from '@/shared/domain/sales';
import { QuantityGrid } from './quantity-grid';
import { monthDays, payloadOf, rowKey, valuesFrom, valuesOf, type GridRow, type SalesDataValues } from './sales-data-logic';

const LIST = '/SalesDataList';

/** Is a model sold in the country? A model whose companies list is empty is sold everywhere (as the server checks). */
const offeredIn = (m: ProductModLookupItem, country: string) => {
  const list = splitCompanys(m.remarks);
  return !list.length || list.some((c) => c.toUpperCase() === country.toUpperCase());
};

export default function SalesDataForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = useMemo(() => readEntryQuery(params), [params]);
  const editing = q.operate === 'edit' || q.operate === 'query';
  const locked = useLockedCountry();
  // The query and the lock decide the starting values once, when the form opens.
  const [initial] = useState((): SalesDataValues => {
    const now = new Date();
    const fromPeriod = parsePeriod(q.get('datePeriod'));
    return {
      year: intParam(q.get('years'), 2000, 2100) ?? fromPeriod?.year ?? now.getFullYear(),
      month: intParam(q.get('months'), 1, 12) ?? fromPeriod?.month ?? now.getMonth() + 1,
      country: locked ?? q.get('country'),
      rules: q.get('rules') === '2' ? 2 : 1,
      rows: [],
      calendar: {},
      amountRowId: 0,
    };
  });
  const [values, setValues] = useState<SalesDataValues>(initial);
  const [baseline, setBaseline] = useState<SalesDataValues>(initial);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<{ country?: string; year?: string; month?: string }>({});
  const [checking, setChecking] = useState(false);
  const [picking, setPicking] = useState(false);

  const record = useRecord(q.id, editing, (id) => call(getSalesDataById, { id }), (r) => {
    const v = valuesOf(r);
    setValues(v);
    setBaseline(v);
    setVersion(r.version);
  });
  const ready = !record.loading && !record.failure;
  const readOnly = q.readOnly;
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const restore = (v: unknown) => setValues((cur) => valuesFrom(v, cur));
  const { key: draftKey, handle: draft } = useDraftValues(editing ? `salesData:edit:${q.id}` : 'salesData:add:new', q.get, values, {
    ready,
    readOnly,
    dirty,
    restore,
  });
  const guard = useUnsavedGuard(() => dirty && !readOnly);
  const saver = useEntrySave({ listPath: LIST, onLeave: guard.release });
  const ret = useReturn(LIST);

  const { year, month, country } = values;
  const days = useMemo(() => (year && month ? monthDays(year, month) : []), [year, month]);

  const set = (patch: Partial<SalesDataValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const updateRow = (key: string, change: (r: GridRow) => GridRow) => setValues((v) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? change(r) : r)) }));

  /** Period and country chosen? Marks what is missing. */
  function headerComplete(): boolean {
    const required = t('crud.validation.required');
    setErrors({ country: country ? undefined : required, year: year ? undefined : required, month: month ? undefined : required });
    return !!(year && month && country);
  }

  /** The has-sales-data check while adding: true when it stops the action (the record exists, or the check was refused). */
  async function blockedByExisting(): Promise<boolean> {
    if (editing || !year || !month) return false;
    setChecking(true);
    const taken = await refusedAsExisting(() => call(salesDataExist, { datePeriod: periodOf(year, month), country }), 'errors.hasSalesData');
    setChecking(false);
    return taken;
  }

  async function openPicker() {
    if (!headerComplete()) {
      showErrorKey('sales.salesData.chooseFirst');
      return;
    }
    if (await blockedByExisting()) return;
    setPicking(true);
  }

  function addModels(models: ProductModLookupItem[]) {
    const have = new Set(values.rows.map((r) => r.productId));
    const taken = models.filter((m) => have.has(m.id));
    const notSold = models.filter((m) => !have.has(m.id) && !offeredIn(m, country));
    const fresh = models.filter((m) => !have.has(m.id) && offeredIn(m, country));
    if (taken.length) showInfo('sales.salesData.modelTaken', { models: taken.map((m) => m.productMod).join(', ') });
    if (notSold.length) showErrorKey('sales.salesData.modelNotSold', { models: notSold.map((m) => m.productMod).join(', '), country });
    if (!fresh.length) return;
    const rows: GridRow[] = fresh.map((m) => ({ key: rowKey(), id: 0, productId: m.id, productCode: m.productMod, isDisabled: false, qty: {} }));
    setValues((v) => ({ ...v, rows: [...v.rows, ...rows] }));
  }

  async function submit() {
    if (!headerComplete() || !year || !month) return;
    if (values.rules === 1 && !values.rows.length) {
      showErrorKey('sales.salesData.needRows');
      return;
    }
    if (await blockedByExisting()) return;
    await saver.save('salesData', editing ? 'edit' : 'add', payloadOf({ ...values, year, month }, editing ? q.id : 0, editing ? version : undefined), {
      label: `${country} ${periodOf(year, month)}`,
      draftKey,
    });
  }

  const ruleOptions = [
    { value: '1', label: t('sales.rules.1') },
    { value: '2', label: t('sales.rules.2') },
  ];

  return (
    <SalesFormFrame
      testId="sales-data-form"
      loading={record.loading}
      failure={record.failure}
      onRetry={record.retry}
      readOnly={readOnly}
      saving={saver.saving || checking}
      onSave={() => void submit()}
      onReturn={ret.back}
      notice={ready && !readOnly && <DraftNotice handle={draft} onRestore={restore} />}
      dialogs={
        <>
          <ModelPicker opened={picking} onClose={() => setPicking(false)} onConfirm={addModels} />
          {saver.dialog}
          {guard.dialog}
        </>
      }
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <YearMonthFields year={year} month={month} onChange={(v) => set(v)} disabled={readOnly} required errors={{ year: errors.year, month: errors.month }} />
        <CountrySelect value={country} onChange={(c) => set({ country: c })} disabled={readOnly} required error={errors.country} w={260} />
        <Input.Wrapper label={t('fields.salesData.rules')} withAsterisk>
          <SegmentedControl
            display="flex"
            data={ruleOptions}
            value={String(values.rules)}
            onChange={(v) => set({ rules: (v === '2' ? 2 : 1) as Rule })}
            disabled={readOnly}
            data-testid="field-rules"
          />
        </Input.Wrapper>
      </Group>
      {!year || !month ? (
        <Text c="dimmed" size="sm">
          {t('sales.salesData.chooseFirst')}
        </Text>
      ) : values.rules === 1 ? (
        <>
          <Group justify="space-between" align="center">
            <Title order={5}>{t('sales.salesData.grid')}</Title>
            {!readOnly && (
              <Button variant="light" onClick={() => void openPicker()} loading={checking} data-testid="add-row">
                + {t('sales.salesData.addRow')}
              </Button>
            )}
          </Group>
          <QuantityGrid
            year={year}
            month={month}
            days={days}
            rows={values.rows}
            readOnly={readOnly}
            onQuantity={(key, day, text) => updateRow(key, (r) => ({ ...r, qty: { ...r.qty, [day]: text } }))}
            onDisabled={(key, isDisabled, stored) => {
              updateRow(key, (r) => ({ ...r, isDisabled }));
              if (stored) {
                // The server applied it and moved the record's version on: follow both, so Save is not stale.
                setBaseline((b) => ({ ...b, rows: b.rows.map((r) => (r.key === key ? { ...r, isDisabled } : r)) }));
                setVersion((n) => (n === undefined ? n : n + 1));
              }
            }}
            onDelete={(key) => setValues((v) => ({ ...v, rows: v.rows.filter((r) => r.key !== key) }))}
          />
        </>
      ) : (
        <>
          <Title order={5}>{t('sales.salesData.amounts')}</Title>
          <MonthCalendar year={year} month={month} values={values.calendar} onChange={(calendar) => set({ calendar })} readOnly={readOnly} />
        </>
      )}
    </SalesFormFrame>
  );
}
