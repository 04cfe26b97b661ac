// /AddProductMod and /EditProductMod?Id: type, name, level (Sofa included here only), data type, the full name
// (read-only, made from type and name), the model number (fixed once added) and the selling companies, sent as a
// comma string in remarks (spec part 2 §2 Product models).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { companyLookup } from '@/app/components/crud/lookups';
import { addProductMod, getProductModById } from '@/shared/contracts/product-mod';
import { MODEL_DATA_TYPES, MODEL_LEVELS, MODEL_TYPES, joinCompanys, modelFullName, splitCompanys } from '@/shared/domain/master-data';

interface Values extends Record<string, unknown> {
  id: number;
  modelType: string;
  modelName: string;
  modelLevel: string;
  dataType: string;
  productModNa: string;
  /** The full name: shown, made from type and name. */
  productMod: string;
  remarks: string[];
}

const asOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

const fields: FieldDef<Values>[] = [
  { name: 'modelType', kind: 'select', options: asOptions(MODEL_TYPES) },
  { name: 'modelName', required: true },
  { name: 'modelLevel', kind: 'select', options: asOptions(MODEL_LEVELS) },
  { name: 'dataType', kind: 'select', options: asOptions(MODEL_DATA_TYPES) },
  { name: 'productMod', kind: 'readonly', compute: (v) => modelFullName(v.modelType, v.modelName) },
  { name: 'productModNa', required: true, disabled: ({ mode }) => mode === 'edit' },
  { name: 'remarks', kind: 'multiselect', lookup: companyLookup },
];

export default function ProductModForm() {
  return (
    <CrudForm
      entity="productMod"
      listPath="/ProductMod"
      keyParam="Id"
      empty={{ id: 0, modelType: '', modelName: '', modelLevel: '', dataType: '', productModNa: '', productMod: '', remarks: [] }}
      fields={fields}
      save={addProductMod}
      load={(id) => call(getProductModById, { id })}
      toValues={(r) => ({
        id: r.id,
        modelType: r.modelType,
        modelName: r.modelName,
        modelLevel: r.modelLevel,
        dataType: r.dataType,
        productModNa: r.productModNa,
        productMod: r.productMod,
        remarks: splitCompanys(r.remarks),
      })}
      toPayload={(v) => ({ ...v, remarks: joinCompanys(v.remarks), productMod: modelFullName(v.modelType, v.modelName) })}
    />
  );
}
