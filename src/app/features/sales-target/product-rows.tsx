// The quantity rule's rows (spec part 1 §2): one product per row, chosen from the chosen country's products (the
// products-by-company lookup every signed-in user may call, cached for offline use: DESIGN §6; a product already in
// another row cannot be chosen twice), a target quantity (digits only), a per-row disabled switch (a saved row switches
// on the server at once, an unsaved one only in the form), add row and delete row, and the total quantity.
import { useMemo } from 'react';
import { ActionIcon, Button, Group, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { DisableSwitch } from '@/app/components/crud/disable-switch';
import { lookup, useLookup, type Option } from '@/app/components/crud/lookups';
import { formatQuantity, isQuantityText, quantityOf } from '@/app/components/sales/amounts';
import { getProductList, type ProductLookupItem } from '@/shared/contracts/product';
import { disabledSalesTargetDetail } from '@/shared/contracts/sales-target';
import { emptyRow, productLabel, type ProductRow } from './target-form-logic';
import { onlineOnly } from './online-only';

interface Props {
  rows: ProductRow[];
  onChange(rows: ProductRow[]): void;
  /** A saved row's switch changed on the server: the form takes it as its loaded state too. */
  onSavedToggle(key: string, isDisabled: boolean): void;
  country: string;
  readOnly: boolean;
  /** Saved rows switch through disabledsalestargetdetail (edit of a stored target); otherwise the switch is local. */
  serverToggle: boolean;
}

export function ProductRows({ rows, onChange, onSavedToggle, country, readOnly, serverToggle }: Props) {
  const { t } = useTranslation();
  const total = rows.reduce((s, r) => s + quantityOf(r.targetQuantity), 0);
  // The product list depends on the country (spec part 1 §2); nothing is offered before one is chosen.
  const products = useLookup(
    useMemo(() => lookup(getProductList, { company: country }, (p): Option => ({ value: String(p.id), label: productLabel(p) })), [country]),
    !!country && !readOnly,
  );
  const byId = useMemo(() => new Map(products.rows.map((p) => [String(p.id), p])), [products.rows]);

  const patch = (key: string, changes: Partial<ProductRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...changes } : r)));
  const choose = (key: string, p: ProductLookupItem | undefined) =>
    patch(key, p ? { productId: p.id, productName: productLabel(p), modelName: p.productMod ?? p.modelNo } : { productId: null, productName: '', modelName: '' });
  /** The choices of a row: the country's products, those of other rows disabled, and the row's own kept visible. */
  const optionsFor = (r: ProductRow) => {
    const taken = new Set(rows.filter((x) => x.key !== r.key && x.productId).map((x) => String(x.productId)));
    const data = products.options.map((o) => (taken.has(o.value) ? { ...o, disabled: true } : o));
    if (r.productId && !byId.has(String(r.productId))) data.unshift({ value: String(r.productId), label: r.productName || String(r.productId) });
    return data;
  };

  return (
    <div data-testid="product-rows">
      <div className="sd-target-table-frame">
        <Table className="sd-target-table" verticalSpacing={6} horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className="sd-sticky" w={56}>
                {t('crud.index')}
              </Table.Th>
              <Table.Th>{t('fields.salesTarget.product')}</Table.Th>
              <Table.Th>{t('fields.salesTarget.model')}</Table.Th>
              <Table.Th w={150}>{t('fields.salesTarget.targetQuantity')}</Table.Th>
              <Table.Th w={96}>{t('crud.disabled')}</Table.Th>
              {!readOnly && <Table.Th w={64}>{t('salesTarget.rows.delete')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={readOnly ? 5 : 6}>
                  <Text c="dimmed" size="sm" ta="center" py="sm" data-testid="rows-empty">
                    {t('salesTarget.rows.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r, i) => (
              <Table.Tr key={r.key} data-testid={`product-row-${i}`} data-disabled={r.isDisabled || undefined}>
                <Table.Td className="sd-sticky">{i + 1}</Table.Td>
                <Table.Td miw={240}>
                  {readOnly ? (
                    <Text size="sm">{r.productName || '—'}</Text>
                  ) : (
                    <Select
                      aria-label={`${t('fields.salesTarget.product')} ${i + 1}`}
                      placeholder={t(country ? 'salesTarget.rows.choose' : 'salesTarget.countryFirst')}
                      data={optionsFor(r)}
                      value={r.productId ? String(r.productId) : null}
                      onChange={(v) => choose(r.key, v ? byId.get(v) : undefined)}
                      searchable
                      clearable
                      limit={100}
                      disabled={!country}
                      nothingFoundMessage={products.loading ? '…' : products.offline ? t('shell.offlineTitle') : t('crud.noData')}
                      comboboxProps={{ withinPortal: true }}
                      data-testid="row-product"
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.modelName}</Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    name={`targetQuantity-${i}`}
                    aria-label={`${t('fields.salesTarget.targetQuantity')} ${i + 1}`}
                    inputMode="numeric"
                    autoComplete="off"
                    value={r.targetQuantity}
                    readOnly={readOnly}
                    variant={readOnly ? 'filled' : 'default'}
                    styles={{ input: { textAlign: 'right' } }}
                    onChange={(e) => {
                      const v = e.currentTarget.value.trim();
                      if (isQuantityText(v)) patch(r.key, { targetQuantity: v });
                    }}
                    data-testid="row-quantity"
                  />
                </Table.Td>
                <Table.Td>
                  {serverToggle && r.id > 0 && !readOnly ? (
                    <DisableSwitch
                      value={r.isDisabled}
                      onToggle={(next) => onlineOnly(() => call(disabledSalesTargetDetail, { id: r.id, isDisabled: next }))}
                      onDone={(next) => onSavedToggle(r.key, next)}
                    />
                  ) : (
                    <Switch
                      checked={r.isDisabled}
                      disabled={readOnly}
                      onChange={(e) => patch(r.key, { isDisabled: e.currentTarget.checked })}
                      aria-label={t('crud.disabled')}
                      classNames={{ body: 'sd-row-switch' }}
                      data-testid="disable-switch"
                      data-checked={r.isDisabled}
                    />
                  )}
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={40}
                      aria-label={`${t('salesTarget.rows.delete')} ${i + 1}`}
                      onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                      data-testid="row-delete"
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className="sd-sticky" />
              <Table.Th colSpan={2}>{t('fields.salesTarget.totalQuantity')}</Table.Th>
              <Table.Th ta="right" data-testid="total-quantity">
                {formatQuantity(total)}
              </Table.Th>
              <Table.Th colSpan={readOnly ? 1 : 2} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
      {!readOnly && (
        <Group mt="sm">
          <Button variant="light" onClick={() => onChange([...rows, emptyRow()])} data-testid="add-row">
            + {t('salesTarget.rows.add')}
          </Button>
        </Group>
      )}
    </div>
  );
}
