// The rule-1 grid of /SalesDataEdit (spec part 1 §2): one row per product model, a quantity per day of the month
// (digits only, numeric keypad), the row's disabled switch (a stored row is switched on the server at once and flips
// only on success; a row added in this form switches locally), the row total and Delete; a footer with the day totals
// of the enabled rows. The grid scrolls inside its own frame with the model column sticky.
import { memo, useCallback, useRef } from 'react';
import { ActionIcon, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { DisableSwitch } from '@/app/components/crud/disable-switch';
import { formatQuantity, isQuantityText, quantityOf } from '@/app/components/sales/amounts';
import { WEEKDAY_KEYS } from '@/app/components/sales/month-calendar';
import { disabledSalesDataDetail } from '@/shared/contracts/sales-data';
import { weekdayOf } from '@/shared/domain/sales';
import { rowTotal, type GridRow } from './sales-data-logic';
import './quantity-grid.css';

export interface QuantityGridProps {
  year: number;
  month: number;
  days: readonly string[];
  rows: readonly GridRow[];
  readOnly: boolean;
  onQuantity(rowKey: string, day: string, text: string): void;
  /** A row's switch changed: `stored` when the server already applied it. */
  onDisabled(rowKey: string, isDisabled: boolean, stored: boolean): void;
  onDelete(rowKey: string): void;
}

interface RowProps {
  index: number;
  row: GridRow;
  days: readonly string[];
  readOnly: boolean;
  onQuantity(rowKey: string, day: string, text: string): void;
  onDisabled(rowKey: string, isDisabled: boolean, stored: boolean): void;
  onDelete(rowKey: string): void;
}

const Row = memo(function Row({ index, row, days, readOnly, onQuantity, onDisabled, onDelete }: RowProps) {
  const { t } = useTranslation();
  const label = t('fields.salesData.rowDisabled');
  return (
    <tr data-testid={`grid-row-${index}`} data-model={row.productCode} data-disabled={row.isDisabled || undefined}>
      <td className="sd-qty-model" title={row.productCode}>
        {row.productCode}
      </td>
      <td>
        {row.id ? (
          readOnly ? (
            <Switch checked={row.isDisabled} disabled aria-label={label} data-testid="row-disabled" />
          ) : (
            <DisableSwitch
              value={row.isDisabled}
              label={label}
              onToggle={(next) => call(disabledSalesDataDetail, { id: row.id, isDisabled: next })}
              onDone={(next) => onDisabled(row.key, next, true)}
            />
          )
        ) : (
          <Switch
            checked={row.isDisabled}
            disabled={readOnly}
            aria-label={label}
            onChange={(e) => onDisabled(row.key, e.currentTarget.checked, false)}
            classNames={{ body: 'sd-row-switch' }}
            data-testid="row-disabled"
          />
        )}
      </td>
      {days.map((d) => (
        <td key={d}>
          <input
            className="sd-qty-input"
            name={`qty-${index}-${d}`}
            aria-label={`${row.productCode} ${Number(d)}`}
            inputMode="numeric"
            autoComplete="off"
            value={row.qty[d] ?? ''}
            readOnly={readOnly}
            onChange={(e) => onQuantity(row.key, d, e.currentTarget.value)}
          />
        </td>
      ))}
      <td className="sd-qty-total" data-testid={`row-total-${index}`}>
        {formatQuantity(rowTotal(row, days))}
      </td>
      {!readOnly && (
        <td>
          <ActionIcon
            variant="subtle"
            color="red"
            size={40}
            aria-label={`${t('sales.salesData.deleteRow')} ${row.productCode}`}
            onClick={() => onDelete(row.key)}
            data-testid={`row-delete-${index}`}
          >
            ×
          </ActionIcon>
        </td>
      )}
    </tr>
  );
});

export function QuantityGrid(p: QuantityGridProps) {
  const { t } = useTranslation();
  // Stable handlers: typing in one row re-renders only that row.
  const latest = useRef(p);
  latest.current = p;
  const onQuantity = useCallback((key: string, day: string, text: string) => {
    const next = text.trim();
    if (isQuantityText(next)) latest.current.onQuantity(key, day, next);
  }, []);
  const onDisabled = useCallback((key: string, v: boolean, stored: boolean) => latest.current.onDisabled(key, v, stored), []);
  const onDelete = useCallback((key: string) => latest.current.onDelete(key), []);

  if (!p.rows.length) {
    return (
      <Text c="dimmed" size="sm" data-testid="grid-empty">
        {t('sales.salesData.noRows')}
      </Text>
    );
  }
  const enabled = p.rows.filter((r) => !r.isDisabled);
  const dayTotal = (d: string) => enabled.reduce((s, r) => s + quantityOf(r.qty[d]), 0);
  return (
    <div className="sd-qty-frame" data-testid="quantity-grid">
      <table className="sd-qty">
        <thead>
          <tr>
            <th className="sd-qty-model">{t('fields.salesData.model')}</th>
            <th>{t('fields.salesData.rowDisabled')}</th>
            {p.days.map((d) => {
              const wd = weekdayOf(p.year, p.month, Number(d));
              return (
                <th key={d} data-weekend={wd >= 6 || undefined}>
                  {Number(d)}
                  <br />
                  <Text span size="10px" c="dimmed">
                    {t(`sales.calendar.weekdays.${WEEKDAY_KEYS[wd - 1]}`)}
                  </Text>
                </th>
              );
            })}
            <th>{t('fields.salesData.rowTotal')}</th>
            {!p.readOnly && <th aria-label={t('sales.salesData.deleteRow')} />}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((row, i) => (
            <Row
              key={row.key}
              index={i}
              row={row}
              days={p.days}
              readOnly={p.readOnly}
              onQuantity={onQuantity}
              onDisabled={onDisabled}
              onDelete={onDelete}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="sd-qty-model">{t('fields.salesData.rowTotal')}</td>
            <td />
            {p.days.map((d) => (
              <td key={d} style={{ textAlign: 'right' }}>
                {formatQuantity(dayTotal(d))}
              </td>
            ))}
            <td className="sd-qty-total" data-testid="grid-total">
              {formatQuantity(enabled.reduce((s, r) => s + rowTotal(r, p.days), 0))}
            </td>
            {!p.readOnly && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
