// /UserDetails?id: the user read-only (company, department, account, name, sex, rank, leader, e-mail, language) with a
// Return button (spec part 2 §2 Users).
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudDetail } from '@/app/components/crud/crud-detail';
import { getUserById, type UserItem } from '@/shared/contracts/user';
import { languageLabel, rankLabel, sexLabel } from './user-options';

export default function UserDetails() {
  const { t } = useTranslation();
  return (
    <CrudDetail<UserItem>
      entity="user"
      listPath="/UserList"
      keyParam="id"
      load={(id) => call(getUserById, { id })}
      fields={[
        { key: 'companyName' },
        { key: 'departmentName' },
        { key: 'account' },
        { key: 'name' },
        { key: 'sex', render: (r) => sexLabel(t, r.sex) },
        { key: 'rank', render: (r) => rankLabel(t, r.rank) },
        { key: 'leader', render: (r) => (r.leader ? `${r.leader} (${r.leaderNumber ?? ''})` : '—') },
        { key: 'email' },
        { key: 'language', render: (r) => languageLabel(t, r.language) },
      ]}
    />
  );
}
