// /SalesTargetAdd and /SalesTargetEdit (spec part 1 §2, §5; DESIGN §5–§7): one form in four modes read from the query
// (add, edit, copy, query). Year and month (no month before yesterday's for a new target), rule and country (locked for
// subsidiary users); rule 1 a table of product rows, rule 2 the month calendar of added days (at most 28) and, for
// holders of the extras permission, the amount-rule extras. A new target (id 0) is checked against existing ones when
// its keys change and before saving (hasTarget clears the month). The form autosaves a draft and saves only through the
// offline save path, so a save works without a network and is sent later (DESIGN §6). Edit and query show the approval
// panel under the form (DESIGN §10); it needs the network and says so offline, the form keeps working.
import { useCallback, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, LoadingOverlay, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { useReturn } from '@/app/components/crud/crud-form';
import { RecordState } from '@/app/components/crud/record-state';
import { useUnsavedGuard } from '@/app/components/crud/unsaved-guard';
import { ApprovalMailSend } from '@/app/components/workflow/approval-mail-send';
import { ApprovalPanel } from '@/app/components/workflow/approval-panel';
import { showErrorKey } from '@/app/components/feedback/feedback';
import { useCan } from '@/app/components/shell/permissions';
import { formatAmount, isAmountText, normalizeAmountText } from '@/app/components/sales/amounts';
import { CountrySelect, lockedCountry } from '@/app/components/sales/country-select';
import { MonthCalendar } from '@/app/components/sales/month-calendar';
import { useEntrySave } from '@/app/components/sales/use-entry-save';
import { useRecord } from '@/app/components/sales/use-record';
import { YearMonthFields, type YearMonth } from '@/app/components/sales/year-month-fields';
import { DRAFT_PARAM, DraftNotice, useDraft } from '@/app/offline/drafts';
import { readEntryQuery } from '@/app/components/sales/entry-query';
import { getSession } from '@/app/session/session';
import { getSalesTargetById, salesTargetExist } from '@/shared/contracts/sales-target';
import { PERMISSION } from '@/shared/domain/constants';
import { DATA_STATUS, MAX_TARGET_AMOUNT_ROWS, type Rule } from '@/shared/domain/sales';
import { FORM_TYPE } from '@/shared/domain/workflow';
import { ProductRows } from './product-rows';
import {
  checkValues,
  copyOf,
  corporateOf,
  draftKeyOf,
  keepDaysOf,
  labelOf,
  minPeriodOf,
  modeOf,
  payloadOf,
  recordIdOf,
  sameValues,
  valuesFromQuery,
  valuesFromRecord,
  type TargetMode,
  type TargetValues,
} from './target-form-logic';
import { ruleOptions, statusLabel } from './target-labels';
import '@/app/components/sales/sales-screen.css';
import './sales-target.css';

const LIST_PATH = '/SalesTargetList';
type KeyField = 'year' | 'month' | 'rule' | 'country';
const EXTRA_FIELDS = ['oihTargetAmount', 'brandCollaboration', 'webSales', 'headOffice'] as const;

/** The values a mode starts from before anything loads: the query's, and a locked user's own country. */
function initialValues(params: URLSearchParams, mode: TargetMode): TargetValues {
  const v = valuesFromQuery(params);
  const locked = lockedCountry(getSession());
  if (mode === 'add') {
    const now = new Date();
    return { ...v, year: v.year ?? now.getFullYear(), month: v.month ?? now.getMonth() + 1, country: locked ?? v.country };
  }
  return v;
}

export default function SalesTargetForm() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const [params] = useSearchParams();
  const mode = modeOf(params);
  const recordId = recordIdOf(params);
  const needsRecord = mode !== 'add';
  const mayAlwaysEdit = useCan(PERMISSION.alwaysEditTarget);
  const extrasAllowed = useCan(PERMISSION.amountRuleExtras);
  const ret = useReturn(LIST_PATH);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const [values, setValues] = useState<TargetValues>(() => initialValues(params, mode));
  // What the form loaded (or started from): "dirty" is a difference from it.
  const [baseline, setBaseline] = useState<TargetValues>(values);
  const [missing, setMissing] = useState<KeyField[]>([]);
  // An edit opened offline has no record; a restored draft (with its base version) stands in for it.
  const [draftInstead, setDraftInstead] = useState(false);
  const [loaded, setLoaded] = useState(false);

  // The existence check (spec part 1 §5): one per change of the keys; a late reply for older keys is ignored.
  const checkSeq = useRef(0);
  const checkExists = useCallback(async (v: TargetValues): Promise<boolean> => {
    if (v.id !== 0 || !v.year || !v.month || !v.rule || !v.country) return false;
    const seq = ++checkSeq.current;
    const keys = { year: v.year, month: v.month, rule: v.rule, country: v.country };
    let exists: boolean;
    try {
      exists = await call(salesTargetExist, keys);
    } catch {
      // Offline the outbox runs the check again before sending (DESIGN §6); any other failure leaves the decision
      // to the server's own check on save.
      return false;
    }
    if (!exists || seq !== checkSeq.current) return exists;
    showErrorKey('errors.hasTarget');
    setValues((cur) =>
      cur.year === keys.year && cur.month === keys.month && cur.rule === keys.rule && cur.country === keys.country ? { ...cur, month: null } : cur,
    );
    return true;
  }, []);

  // Edit, copy and query read the stored record; copy turns it into next month's new draft.
  const record = useRecord(
    recordId,
    needsRecord,
    (id) => call(getSalesTargetById, { id }),
    (r) => {
      const loaded = valuesFromRecord(r);
      const v = mode === 'copy' ? copyOf(loaded) : loaded;
      setValues(v);
      setBaseline(v);
      setLoaded(true);
      setDraftInstead(false);
      if (mode === 'copy') void checkExists(v);
    },
  );
  const loading = record.loading;
  const failure = draftInstead ? null : record.failure;
  const ready = !loading && (!needsRecord || loaded || draftInstead) && !failure;
  const dirty = ready && !sameValues(values, baseline);
  // A released target is read-only unless the user may always edit (DESIGN §7); query mode always is.
  const releasedLock = mode === 'edit' && ready && baseline.dataStatus !== DATA_STATUS.draft && !mayAlwaysEdit;
  const readOnly = mode === 'query' || releasedLock;
  // The outbox's Open names the draft to use (?draft=<key>); otherwise the mode's own key.
  const draftKey = readEntryQuery(params).get(DRAFT_PARAM) || draftKeyOf(mode, recordId);
  // Also enabled when the record could not load: an edit opened offline is offered its draft in place of the record.
  const draft = useDraft(draftKey ?? 'salesTarget:none', values, { enabled: !!draftKey && !readOnly && !loading, dirty });
  const guard = useUnsavedGuard(() => dirty && !readOnly);
  const entry = useEntrySave({ listPath: LIST_PATH, onLeave: guard.release });

  const set = (changes: Partial<TargetValues>) => setValues((cur) => ({ ...cur, ...changes }));

  /** A change of year, month, rule or country: clears its "required" mark and checks a new target's keys. */
  const setKeys = (changes: Partial<TargetValues>) => {
    const next = { ...values, ...changes };
    if (changes.year !== undefined || changes.month !== undefined) next.days = keepDaysOf(next.days, next.year, next.month);
    setValues(next);
    setMissing((m) => m.filter((k) => !(k in changes) || next[k] === null || next[k] === ''));
    void checkExists(next);
  };

  const onCountry = async (country: string) => {
    if (country === values.country) return;
    // The rows' products belong to the country (spec part 1 §2): a new country starts with no rows.
    if (values.rows.length && !(await confirm(t('salesTarget.countryChangeConfirm')))) return;
    setKeys({ country, rows: [] });
  };

  const addDay = (day: string) => {
    if (Object.keys(values.days).length >= MAX_TARGET_AMOUNT_ROWS) return showErrorKey('salesTarget.maxDays', { max: MAX_TARGET_AMOUNT_ROWS });
    set({ days: { ...values.days, [day]: { corporate: '', offline: '' } } });
  };
  const removeDay = (day: string) => {
    const days = { ...values.days };
    const dayIds = { ...values.dayIds };
    delete days[day];
    delete dayIds[day];
    set({ days, dayIds });
  };

  const submit = async () => {
    if (readOnly || entry.saving) return;
    const check = checkValues(values);
    if (!check.ok) {
      setMissing(check.missing);
      if (check.message) showErrorKey(`errors.${check.message}`);
      else showErrorKey('salesTarget.requiredChoices');
      return;
    }
    if (values.id === 0 && (await checkExists(values))) return;
    const op = mode === 'copy' ? 'copy' : values.id > 0 ? 'edit' : 'add';
    await entry.save('salesTarget', op, payloadOf(values, { extras: extrasAllowed }), {
      label: labelOf(values),
      draftKey: draftKey ?? undefined,
    });
  };

  const showExtras = values.rule === 2 && extrasAllowed;
  const keysLocked = readOnly || mode === 'edit';
  const required = (k: KeyField) => (missing.includes(k) ? t('crud.validation.required') : undefined);
  const activeDays = Object.keys(keepDaysOf(values.days, values.year, values.month)).sort();

  const restoreDraft = (v: TargetValues) => {
    setValues(v);
    // An edit opened offline has nothing loaded: the draft (with its base version) stands in for the record, and
    // stays unsaved until it is saved.
    if (failure) {
      setBaseline({ ...v, rows: [], days: {}, dayIds: {} });
      setDraftInstead(true);
    }
  };

  return (
    <Paper p="md" withBorder pos="relative" className="sd-sales sd-target" data-testid="sales-target-form" data-mode={mode}>
      <LoadingOverlay visible={loading} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3}>{t(`salesTarget.title.${mode}`)}</Title>
            {ready && mode !== 'add' && mode !== 'copy' && (
              <Badge
                variant="light"
                color={baseline.dataStatus === DATA_STATUS.draft ? 'gray' : baseline.dataStatus === DATA_STATUS.inApproval ? 'orange' : 'green'}
                data-testid="data-status"
              >
                {statusLabel(t, baseline.dataStatus)}
              </Badge>
            )}
          </Group>
          {!readOnly && <DraftNotice handle={draft} onRestore={restoreDraft} />}
          {failure ? (
            <RecordState failure={failure} onRetry={record.retry} />
          ) : (
            <>
              {releasedLock && (
                <Alert color="blue" variant="light" data-testid="released-note">
                  {t(baseline.dataStatus === DATA_STATUS.inApproval ? 'salesTarget.inApprovalReadOnly' : 'salesTarget.releasedReadOnly')}
                </Alert>
              )}
              {mode === 'copy' && (
                <Alert color="indigo" variant="light" data-testid="copy-note">
                  {t('salesTarget.copyNote')}
                </Alert>
              )}
              <Group align="flex-start" gap="sm" wrap="wrap">
                <YearMonthFields
                  year={values.year}
                  month={values.month}
                  onChange={(ym: YearMonth) => setKeys(ym)}
                  minPeriod={values.id === 0 ? minPeriodOf() : undefined}
                  disabled={keysLocked}
                  required
                  yearsAhead={2}
                  errors={{ year: required('year'), month: required('month') }}
                />
                <Select
                  label={t('fields.salesTarget.rule')}
                  withAsterisk
                  data={ruleOptions.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
                  value={values.rule ? String(values.rule) : null}
                  onChange={(v) => setKeys({ rule: v ? (Number(v) as Rule) : null })}
                  allowDeselect={false}
                  disabled={keysLocked}
                  error={required('rule')}
                  w={150}
                  data-testid="field-rule"
                />
                <CountrySelect
                  value={values.country}
                  onChange={(c) => void onCountry(c)}
                  disabled={keysLocked}
                  required
                  label="fields.salesTarget.country"
                  error={required('country')}
                  w={240}
                />
              </Group>

              {values.rule === 1 && (
                <ProductRows
                  rows={values.rows}
                  onChange={(rows) => set({ rows })}
                  onSavedToggle={(key, isDisabled) => {
                    const flip = (v: TargetValues) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? { ...r, isDisabled } : r)) });
                    setValues(flip);
                    setBaseline(flip);
                  }}
                  country={values.country}
                  readOnly={readOnly}
                  serverToggle={mode === 'edit'}
                />
              )}

              {values.rule === 2 && showExtras && (
                <Paper withBorder p="sm" data-testid="amount-extras">
                  <Text fw={600} size="sm" mb="xs">
                    {t('salesTarget.extras')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                    {EXTRA_FIELDS.map((name) => (
                      <TextInput
                        key={name}
                        name={name}
                        label={t(`fields.salesTarget.${name}`)}
                        inputMode="decimal"
                        autoComplete="off"
                        value={values[name]}
                        readOnly={readOnly}
                        variant={readOnly ? 'filled' : 'default'}
                        onChange={(e) => {
                          const v = normalizeAmountText(e.currentTarget.value);
                          if (isAmountText(v)) set({ [name]: v });
                        }}
                        styles={{ input: { textAlign: 'right' } }}
                        data-testid={`field-${name}`}
                      />
                    ))}
                    <TextInput
                      name="oihCorporateAmount"
                      label={t('fields.salesTarget.oihCorporateAmount')}
                      description={t('salesTarget.corporateHint')}
                      value={formatAmount(corporateOf(values))}
                      readOnly
                      variant="filled"
                      styles={{ input: { textAlign: 'right' } }}
                      data-testid="field-oihCorporateAmount"
                    />
                  </SimpleGrid>
                </Paper>
              )}

              {values.rule === 2 &&
                (values.year && values.month ? (
                  <MonthCalendar
                    year={values.year}
                    month={values.month}
                    values={values.days}
                    onChange={(days) => set({ days })}
                    readOnly={readOnly}
                    activeDays={activeDays}
                    onAddDay={addDay}
                    onRemoveDay={removeDay}
                  />
                ) : (
                  <Text c="dimmed" size="sm" data-testid="calendar-needs-month">
                    {t('salesTarget.chooseMonth')}
                  </Text>
                ))}

              {values.rule === 2 && (
                <Text size="sm" c="dimmed" data-testid="day-count">
                  {t('salesTarget.dayCount', { count: activeDays.length, max: MAX_TARGET_AMOUNT_ROWS })}
                </Text>
              )}
              {!values.rule && (
                <Text c="dimmed" size="sm" data-testid="choose-rule">
                  {t('salesTarget.chooseRule')}
                </Text>
              )}
            </>
          )}
          <Group>
            {!readOnly && !failure && (
              <Button
                type="submit"
                loading={entry.saving}
                disabled={entry.saving || loading}
                onMouseDown={(e) => e.preventDefault()}
                data-testid={mode === 'copy' ? 'copy' : 'save'}
              >
                {t(mode === 'copy' ? 'salesTarget.copy' : 'crud.save')}
              </Button>
            )}
            <Button variant="default" onClick={ret.back} data-testid="return">
              {t('crud.return')}
            </Button>
          </Group>
        </Stack>
      </form>
      {(mode === 'edit' || mode === 'query') && recordId > 0 && (
        <div className="sd-target-approval" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {/* After an operation the record reloads, so the read-only state follows its new data status. */}
          <ApprovalPanel formType={FORM_TYPE.salesTarget} formId={recordId} onChanged={record.retry} />
          {/* The mail-send variant (spec part 3 §2.5): needs the server, so only online. */}
          {online && (
            <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <ApprovalMailSend formType={FORM_TYPE.salesTarget} formId={recordId} />
            </div>
          )}
        </div>
      )}
      {confirmDialog}
      {entry.dialog}
      {guard.dialog}
    </Paper>
  );
}
