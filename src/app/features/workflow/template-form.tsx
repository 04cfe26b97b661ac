// /WorkFlowTemplateAdd?id=0 and /WorkFlowTemplateEdit?id= (spec part 3 §2.2, §5, §9): form type (from getformtypes),
// template name, the companies, departments and users the template is for (multi-selections sent as comma lists of
// numbers; all empty = everyone) and sort (0–99999). Save and Return go to /WorkFlowTemplateList; a name already used
// shows msgAddTemplateNameExist (the kit shows the server's refusal translated).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import type { FormMode } from '@/app/components/crud/form-logic';
import { getTemplateById, addOrEditTemplate, type TemplateFormInput, type TemplateItem } from '@/shared/contracts/workflow';
import { UserTags } from './user-tags';
import { companyNumbers, departmentNumbers, formTypeLookup, splitList } from './workflow-lookups';

interface Values extends Record<string, unknown> {
  id: number;
  /** The select's value ('' until chosen). */
  formType: string;
  templateName: string;
  companys: string[];
  departments: string[];
  users: string[];
  sort: number | '';
  version: number;
}

const fields: FieldDef<Values>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'formType', kind: 'select', lookup: formTypeLookup, required: true },
  { name: 'templateName', required: true, maxLength: 100 },
  { name: 'sort', kind: 'number', decimals: 0, required: true },
  { name: 'companys', kind: 'multiselect', lookup: companyNumbers },
  { name: 'departments', kind: 'multiselect', lookup: departmentNumbers },
  {
    name: 'users',
    render: (form) => <UsersField value={form.values.users} onChange={(v) => form.setFieldValue('users', v)} error={form.getInputProps('users').error} />,
  },
];

function UsersField({ value, onChange, error }: { value: string[]; onChange(v: string[]): void; error?: string }) {
  const { t } = useTranslation();
  return <UserTags label={t('fields.workflowTemplate.users')} value={value} onChange={onChange} error={error} testId="field-users" />;
}

const empty: Values = { id: 0, formType: '', templateName: '', companys: [], departments: [], users: [], sort: 0, version: 0 };

const toValues = (r: TemplateItem): Values => ({
  id: r.id,
  formType: String(r.formType),
  templateName: r.templateName,
  companys: splitList(r.companys),
  departments: splitList(r.departments),
  users: splitList(r.users),
  sort: r.sort,
  version: r.version,
});

/** Blank inputs go as missing, so the contract reports them as required rather than malformed. */
export const templatePayload = (v: Values, mode: FormMode) =>
  ({
    id: v.id,
    formType: v.formType === '' ? undefined : Number(v.formType),
    templateName: v.templateName,
    companys: v.companys.join(','),
    departments: v.departments.join(','),
    users: v.users.join(','),
    sort: v.sort === '' ? undefined : v.sort,
    version: mode === 'edit' ? v.version : undefined,
  }) as TemplateFormInput;

export default function TemplateForm() {
  const { t } = useTranslation();
  return (
    <CrudForm
      entity="workflowTemplate"
      listPath="/WorkFlowTemplateList"
      keyParam="id"
      empty={empty}
      fields={fields}
      save={addOrEditTemplate}
      load={(id) => call(getTemplateById, { id })}
      toValues={toValues}
      toPayload={templatePayload}
    >
      {() => (
        <Text size="sm" c="dimmed">
          {t('workflow.template.everyone')}
        </Text>
      )}
    </CrudForm>
  );
}
