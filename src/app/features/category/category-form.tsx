// /AddCategory and /EditCategory?Id: name and number, both required; the number is fixed once added (spec part 2 §2).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { addCategory, getCategoryById } from '@/shared/contracts/category';

interface Values extends Record<string, unknown> {
  id: number;
  category: string;
  categoryNumber: string;
}

const fields: FieldDef<Values>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'category', required: true },
  { name: 'categoryNumber', required: true, disabled: ({ mode }) => mode === 'edit' },
];

export default function CategoryForm() {
  return (
    <CrudForm
      entity="category"
      listPath="/Cgy"
      keyParam="Id"
      empty={{ id: 0, category: '', categoryNumber: '' }}
      fields={fields}
      save={addCategory}
      load={(id) => call(getCategoryById, { id })}
      toValues={(r) => ({ id: r.id, category: r.category, categoryNumber: r.categoryNumber })}
    />
  );
}
