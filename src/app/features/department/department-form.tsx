// /DepartmentAdd?id=0 and /DepartmentEdit?id: company (required), parent department (optional, one of the chosen
// company's departments other than this one and its own sub-departments), name (required, checked on blur) and the
// leader chosen with the user select dialog; sends the leader's number (spec part 2 §2 Departments, §5).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { companyIdLookup, departmentIdLookup } from '@/app/components/crud/lookups';
import { FormSelect } from '@/app/components/crud/form-inputs';
import { UserPickField } from '@/app/components/pickers/user-pick-field';
import { addOrEditDepartment, getDepartment, type DepartmentItem } from '@/shared/contracts/department';

interface Values extends Record<string, unknown> {
  id: number;
  /** Select values are strings; the payload turns them into ids. */
  companyId: string;
  parentId: string;
  departmentName: string;
  leader: string;
  leaderNumber: string;
  /** Of the loaded record: its path (to leave its own branch out of the parent choices) and its parent's name. */
  ownPath?: string;
  parentName?: string;
}


/** The department itself and every department under it: no valid parent. */
function ownBranch(id: number, path: string) {
  return (o: { value: string; label: string }) => id > 0 && (o.value === String(id) || (!!path && o.label.startsWith(`${path}/`)));
}

const fields: FieldDef<Values>[] = [
  {
    name: 'companyId',
    required: true,
    render: (form) => <FormSelect form={form} name="companyId" label="fields.department.companyName" lookup={companyIdLookup} required clears={['parentId']} />,
  },
  {
    name: 'parentId',
    render: (form, { values }) => (
      <FormSelect
        form={form}
        name="parentId"
        label="fields.department.parentName"
        lookup={departmentIdLookup(values.companyId)}
        enabled={!!values.companyId}
        exclude={ownBranch(values.id, values.ownPath ?? '')}
        currentLabel={values.parentName}
      />
    ),
  },
  { name: 'departmentName', required: true },
  {
    name: 'leader',
    render: (form) => (
      <UserPickField form={form} nameField="leader" numberField="leaderNumber" label="fields.department.leader" title="pages.department.chooseLeader" />
    ),
  },
];

const empty: Values = { id: 0, companyId: '', parentId: '', departmentName: '', leader: '', leaderNumber: '' };

const toValues = (r: DepartmentItem): Values => ({
  id: r.id,
  companyId: String(r.companyId),
  parentId: r.parentId ? String(r.parentId) : '',
  departmentName: r.departmentName,
  leader: r.leader ?? '',
  leaderNumber: r.leaderNumber ?? '',
  ownPath: r.departmentPath,
  parentName: r.parentName ?? undefined,
});

export default function DepartmentForm() {
  return (
    <CrudForm
      entity="department"
      listPath="/DepartmentList"
      keyParam="id"
      empty={empty}
      fields={fields}
      save={addOrEditDepartment}
      load={(id) => call(getDepartment, { id })}
      toValues={toValues}
      toPayload={(v) => ({
        id: v.id,
        companyId: Number(v.companyId) || undefined,
        parentId: Number(v.parentId) || undefined,
        departmentName: v.departmentName,
        leaderNumber: v.leaderNumber,
      })}
    />
  );
}
