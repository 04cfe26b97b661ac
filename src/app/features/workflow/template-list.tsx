// /WorkFlowTemplateList (spec part 3 §2.1, §4.4, §9): filters form type (choices from getformtypes), template name and
// disabled (no by default); columns id, form type (translated), name, sort and the disable switch (asks first, flips
// only on success); per row Edit, Set flows (/WorkFlowFlows?id=) and Delete (asks first; success message and reload);
// Add. 50 a page.
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { delTemplate, disabledTemplate, getTemplatePage } from '@/shared/contracts/workflow';
import { formTypeLookup, formTypeName } from './workflow-lookups';

export const TEMPLATE_PAGE_SIZE = 50;
export const TEMPLATE_LIST_PATH = '/WorkFlowTemplateList';

const filters: FilterDef[] = [
  { kind: 'remote', key: 'formType', label: 'fields.workflowTemplate.formType', lookup: formTypeLookup },
  { kind: 'text', key: 'templateName', label: 'fields.workflowTemplate.templateName' },
  disabledFilter(),
];

export default function TemplateList() {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  return (
    <CrudList
      screen="WorkFlowTemplateList"
      entity="workflowTemplate"
      endpoint={getTemplatePage}
      filters={filters}
      pageSize={TEMPLATE_PAGE_SIZE}
      rowKey="id"
      columns={[
        { key: 'id', width: 80 },
        { key: 'formTypeString', render: (r) => formTypeName(r.formType, r.formTypeString) },
        { key: 'templateName' },
        { key: 'sort', width: 90, textAlign: 'right' },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:WorkFlowTemplateList.add', to: '/WorkFlowTemplateAdd?id=0' }]}
      rowActions={[
        { key: 'edit', label: 'crud.edit', permission: 'btn:WorkFlowTemplateList.edit', to: (r) => `/WorkFlowTemplateEdit?id=${r.id}` },
        { key: 'flows', label: 'workflow.template.setFlows', permission: 'btn:WorkFlowTemplateList.flows', to: (r) => `/WorkFlowFlows?id=${r.id}` },
        {
          key: 'delete',
          label: 'common.delete',
          color: 'red',
          run: (r, reload) =>
            void confirm(t('workflow.template.deleteConfirm', { name: r.templateName })).then(async (ok) => {
              if (!ok) return;
              try {
                await call(delTemplate, { id: r.id });
                showSuccess('common.deleted');
                reload();
              } catch (err) {
                showError(err);
              }
            }),
        },
      ]}
      disable={{
        endpoint: disabledTemplate,
        input: (r, isDisabled) => ({ id: r.id, isDisabled }),
        confirm: (r, next) => confirm(t(next ? 'workflow.template.disableConfirm' : 'workflow.template.enableConfirm', { name: r.templateName })),
      }}
    >
      {dialog}
    </CrudList>
  );
}
