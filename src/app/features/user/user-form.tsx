// /UserAdd?id=0 and /UserEdit?id: company (searchable) and department (reloaded when the company changes), name, sex,
// account (fixed once the user exists), password (adding only, 6–20), rank and grade (empty allowed, sent as null),
// leader (user select dialog: name and number, or neither), e-mail (optional, valid format), language and remarks
// (sent as address). Success shows a message and returns to /UserList (spec part 2 §2 Users, §5). An edit sends the
// version it loaded, so a change made meanwhile by someone else is refused (staleVersion) instead of overwritten.
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { companyIdLookup, departmentIdLookup } from '@/app/components/crud/lookups';
import { FormPassword, FormRadio, FormSelect } from '@/app/components/crud/form-inputs';
import { UserPickField } from '@/app/components/pickers/user-pick-field';
import { addOrEditUser, getUserById, userFormFields, type UserItem } from '@/shared/contracts/user';
import { checkAdminPassword } from '@/shared/domain/password-policy';
import { SEX } from '@/shared/domain/organisation';
import { gradeOptions, languageOptions, rankOptions, sexOptions } from './user-options';

interface Values extends Record<string, unknown> {
  id: number;
  companyId: string;
  departmentId: string;
  name: string;
  sex: string;
  account: string;
  password: string;
  rank: string;
  grade: string;
  leader: string;
  leaderNumber: string;
  email: string;
  language: string;
  address: string;
  /** The loaded record's version (0 when adding). */
  version: number;
  /** Of the loaded record, shown until the options arrive. */
  companyName?: string;
  departmentName?: string;
}

/** The contract's fields with messages the form can show: the password policy's own keys, the e-mail format. */
const schema = userFormFields
  .extend({ email: z.string().trim().max(200).refine((v) => !v || z.email().safeParse(v).success, 'email') })
  .superRefine((v, ctx) => {
    if (!v.companyId && !v.companyNumber) ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'required' });
    if (!v.departmentId && !v.departmentNumber) ctx.addIssue({ code: 'custom', path: ['departmentId'], message: 'required' });
    const bad = v.id === 0 ? checkAdminPassword(v.password) : null;
    if (bad) ctx.addIssue({ code: 'custom', path: ['password'], message: `validation.${bad}` });
  });

/** Every company in scope, factories included (user form: isFactory 0). */

const empty: Values = {
  id: 0,
  companyId: '',
  departmentId: '',
  name: '',
  sex: String(SEX.man),
  account: '',
  password: '',
  rank: '',
  grade: '',
  leader: '',
  leaderNumber: '',
  email: '',
  language: 'en',
  address: '',
  version: 0,
};

const toValues = (r: UserItem): Values => ({
  id: r.id,
  companyId: r.companyId ? String(r.companyId) : '',
  departmentId: r.departmentId ? String(r.departmentId) : '',
  name: r.name,
  sex: String(r.sex),
  account: r.account,
  password: '',
  rank: r.rank ? String(r.rank) : '',
  grade: r.grade ? String(r.grade) : '',
  leader: r.leader ?? '',
  leaderNumber: r.leaderNumber ?? '',
  email: r.email,
  language: r.language,
  address: r.address,
  version: r.version,
  companyName: r.companyName ?? undefined,
  departmentName: r.departmentName ?? undefined,
});

const level = (v: string) => (v === '' ? null : Number(v));

export default function UserForm() {
  const { t } = useTranslation();
  const fields: FieldDef<Values>[] = [
    {
      name: 'companyId',
      required: true,
      render: (form, { values }) => (
        <FormSelect form={form} name="companyId" label="fields.user.companyName" lookup={companyIdLookup} required clears={['departmentId']} currentLabel={values.companyName} />
      ),
    },
    {
      name: 'departmentId',
      required: true,
      render: (form, { values }) => (
        <FormSelect
          form={form}
          name="departmentId"
          label="fields.user.departmentName"
          lookup={departmentIdLookup(values.companyId)}
          enabled={!!values.companyId}
          required
          currentLabel={values.departmentName}
        />
      ),
    },
    { name: 'name', required: true },
    { name: 'sex', render: (form) => <FormRadio form={form} name="sex" label="fields.user.sex" options={sexOptions} required /> },
    { name: 'account', required: true, disabled: ({ mode }) => mode === 'edit' },
    {
      name: 'password',
      hidden: ({ mode }) => mode === 'edit',
      render: (form) => <FormPassword form={form} name="password" label="fields.user.password" required />,
    },
    { name: 'rank', kind: 'select', options: rankOptions },
    { name: 'grade', kind: 'select', options: gradeOptions(t) },
    {
      name: 'leader',
      render: (form) => <UserPickField form={form} nameField="leader" numberField="leaderNumber" label="fields.user.leader" title="pages.user.chooseLeader" />,
    },
    { name: 'email' },
    { name: 'language', kind: 'select', options: languageOptions, required: true },
    { name: 'address', kind: 'textarea' },
  ];
  return (
    <CrudForm
      entity="user"
      listPath="/UserList"
      keyParam="id"
      empty={empty}
      fields={fields}
      save={addOrEditUser}
      schema={schema}
      load={(id) => call(getUserById, { id })}
      toValues={toValues}
      toPayload={(v, mode) => ({
        id: v.id,
        companyId: Number(v.companyId) || undefined,
        departmentId: Number(v.departmentId) || undefined,
        name: v.name,
        sex: Number(v.sex),
        account: v.account,
        password: mode === 'add' ? v.password : '',
        rank: level(v.rank),
        grade: level(v.grade),
        leaderNumber: v.leaderNumber,
        email: v.email,
        language: v.language,
        address: v.address,
        version: mode === 'edit' ? v.version : undefined,
      })}
    />
  );
}
