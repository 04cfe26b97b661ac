// The product picker (spec part 2 §2 Products, part 3 §2.9): category, model, product code and colour filters; a
// multi-select table of enabled products; Confirm returns the selected rows.
import { useTranslation } from 'react-i18next';
import type { FilterDef } from '@/app/components/crud/filters';
import { categoryLookup, colourLookup, modelLookup } from '@/app/components/crud/lookups';
import { getProductPage, type ProductItem } from '@/shared/contracts/product';
import { PickerDialog, type PickerColumn } from './picker-dialog';

interface Props {
  opened: boolean;
  onClose(): void;
  onConfirm(products: ProductItem[]): void;
  /** Only products sold in this country (company number). */
  country?: string;
}

const filters: FilterDef[] = [
  { kind: 'remote', key: 'category', label: 'fields.product.category', lookup: categoryLookup },
  { kind: 'remote', key: 'modelNo', label: 'fields.product.modelNo', lookup: modelLookup },
  { kind: 'text', key: 'productCode', label: 'fields.product.productCode' },
  { kind: 'remote', key: 'productColour', label: 'fields.product.productColour', lookup: colourLookup },
];

const columns: PickerColumn<ProductItem>[] = [
  { key: 'productCode', title: 'fields.product.productCode' },
  { key: 'itemCode', title: 'fields.product.itemCode' },
  { key: 'productMod', title: 'fields.product.modelNo', render: (r) => r.productMod ?? r.modelNo },
  { key: 'productName', title: 'fields.product.productName' },
  { key: 'productCol', title: 'fields.product.productColour', render: (r) => r.productCol ?? r.productColour },
  { key: 'currency', title: 'fields.product.currency' },
  { key: 'price', title: 'fields.product.price' },
  { key: 'unitPrice', title: 'fields.product.unitPrice' },
  { key: 'uom', title: 'fields.product.uom' },
];

export function ProductPicker({ opened, onClose, onConfirm, country }: Props) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title={t('pickers.product.title')}
      endpoint={getProductPage}
      fixed={{ isDisabled: false, country }}
      filters={filters}
      columns={columns}
      rowKey="id"
    />
  );
}
