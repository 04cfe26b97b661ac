// The user select dialog (spec part 3 §2.9): company, department (of the chosen company) and keyword filters, a
// multi-select table of company, department, account, name, number and e-mail; `multiple={false}` picks one user
// (a leader). Confirm returns the selected users.
import { useTranslation } from 'react-i18next';
import type { FilterDef } from '@/app/components/crud/filters';
import { anyCompanyLookup } from '@/app/components/crud/lookups';
import { getUserPage, type UserItem } from '@/shared/contracts/user';
import { departmentFilterLookup } from './department-filter';
import { PickerDialog, type PickerColumn } from './picker-dialog';

interface Props {
  opened: boolean;
  onClose(): void;
  onConfirm(users: UserItem[]): void;
  multiple?: boolean;
  title?: string;
}

const columns: PickerColumn<UserItem>[] = [
  { key: 'companyName', title: 'pickers.user.companyName' },
  { key: 'departmentName', title: 'pickers.user.departmentName' },
  { key: 'account', title: 'pickers.user.account' },
  { key: 'name', title: 'pickers.user.name' },
  { key: 'number', title: 'pickers.user.number' },
  { key: 'email', title: 'pickers.user.email' },
];

const fixed = { isDisabled: false };

export function UserSelectDialog({ opened, onClose, onConfirm, multiple = true, title }: Props) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title={title ?? t('pickers.user.title')}
      endpoint={getUserPage}
      fixed={fixed}
      filters={(draft): FilterDef[] => [
        { kind: 'remote', key: 'companyNumber', label: 'pickers.user.companyName', lookup: anyCompanyLookup },
        { kind: 'remote', key: 'departmentNumber', label: 'pickers.user.departmentName', lookup: departmentFilterLookup(draft.companyNumber ?? '') },
        { kind: 'text', key: 'keyword', label: 'pickers.keyword' },
      ]}
      resets={{ companyNumber: ['departmentNumber'] }}
      columns={columns}
      rowKey="id"
      multiple={multiple}
    />
  );
}
