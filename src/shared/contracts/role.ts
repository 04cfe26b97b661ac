// Role calls (spec part 2 §2 Roles, §7): page, get, add or edit, delete, disable. A role grants menu entries
// (with an all-data flag per entry) to companies, departments and users; grants are read on every request.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, int, optBool, optText, recordId, reqBool, reqText } from './fields';

/** Comma-separated ids ("1,2,3"), or an array of ids; "" means none. Parsed to unique positive ids. */
export const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v === 'number') return [v];
    if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
    return v;
  },
  z.array(int(1)).max(10000).transform((a) => [...new Set(a)]),
);

export const roleItem = z.object({
  id: z.number(),
  roleName: z.string(),
  /** Comma-joined names. */
  companyNames: z.string(),
  departmentNames: z.string(),
  userNames: z.string(),
  isDisabled: z.boolean(),
});
export type RoleItem = z.infer<typeof roleItem>;

/** A role with its grants as comma-separated id strings (the spec's entity) plus names. */
export const roleDetail = roleItem.extend({
  companys: z.string(),
  departments: z.string(),
  users: z.string(),
  /** Granted menu entries. */
  menuIds: z.string(),
  /** The granted entries whose all-data flag is set (a subset of menuIds; an id here alone is granted as well). */
  menuAllData: z.string(),
});
export type RoleDetail = z.infer<typeof roleDetail>;

/** The role form and the addoreditrole body: id 0 adds. Refusals: roleNameExists, roleNotExist, notFound (unknown id). */
export const roleForm = z.object({
  id: id.default(0),
  roleName: reqText(100),
  companys: idList,
  departments: idList,
  users: idList,
  menuIds: idList,
  menuAllData: idList,
});
export type RoleFormInput = z.input<typeof roleForm>;
export type RoleForm = z.output<typeof roleForm>;

/**
 * Filters: companyNumber, departmentNumber, userNumber (roles granted to that company, department or user),
 * roleName (contains), isDisabled.
 */
export const getRolePage = get(
  '/api/role/getrolepage',
  listParams.extend({ isDisabled: optBool, companyNumber: optText, departmentNumber: optText, userNumber: optText, roleName: optText }),
  listResult(roleItem),
);

export const getRoleById = get('/api/role/getrolebyid', z.object({ id: recordId }), roleDetail);

/** Replies the saved id. */
export const addOrEditRole = post('/api/role/addoreditrole', roleForm, z.object({ id: z.number() }));

/** Refusal: roleNotExist. */
export const delRole = post('/api/role/delrole', z.object({ id: recordId }), none);

export const disabledRole = post('/api/role/disabledrole', z.object({ id: recordId, isDisabled: reqBool }), none);
