// /AddProductCol and /EditProductCol?Id: the colour name (required); the number is made by the server on add and
// shown locked; the id is shown read-only on edit (spec part 2 §2 Product colours).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { addProductCol, getProductColById } from '@/shared/contracts/product-col';

interface Values extends Record<string, unknown> {
  id: number;
  productCol: string;
  productColNa: string;
}

const fields: FieldDef<Values>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'productCol', required: true },
  { name: 'productColNa', kind: 'readonly', placeholder: 'pages.productCol.numberGenerated' },
];

export default function ProductColForm() {
  return (
    <CrudForm
      entity="productCol"
      listPath="/ProductCol"
      keyParam="Id"
      empty={{ id: 0, productCol: '', productColNa: '' }}
      fields={fields}
      save={addProductCol}
      load={(id) => call(getProductColById, { id })}
      toValues={(r) => ({ id: r.id, productCol: r.productCol, productColNa: r.productColNa })}
    />
  );
}
