// Department calls (spec part 2 §2 Departments, §4, §7): list, page, get, add or edit, disable. Country-scoped on the server.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optText, recordId, reqBool, reqText } from './fields';
import { optRef } from './user';

export const departmentItem = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  companyNumber: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  departmentName: z.string(),
  /** Made by the server: <company number>-D<sequence>. */
  departmentNumber: z.string(),
  /** Parent path + "/" + name. */
  departmentPath: z.string(),
  /** The leader's name, and number. */
  leader: z.string().nullable(),
  leaderNumber: z.string().nullable(),
  isDisabled: z.boolean(),
});
export type DepartmentItem = z.infer<typeof departmentItem>;

/** Lookup row of getdepartmentlist. */
export const departmentOption = z.object({
  id: z.number(),
  departmentNumber: z.string(),
  departmentName: z.string(),
  departmentPath: z.string(),
  parentId: z.number().nullable(),
  companyId: z.number(),
  companyNumber: z.string(),
});
export type DepartmentOption = z.infer<typeof departmentOption>;

/** Fields of the department form; company by id or number (id wins); parentId 0 or empty means top level. */
export const departmentFormFields = z.object({
  id: id.default(0),
  companyId: optRef,
  companyNumber: optText,
  departmentName: reqText(100),
  parentId: optRef,
  /** Shown on the form only; the server uses parentId. */
  parentName: optText,
  /** A user in scope, or empty for none. */
  leaderNumber: optText,
});

/** The department form and the addoreditdepartment body: id 0 adds. Refusals: departmentExists, departmentParentInvalid. */
export const departmentForm = departmentFormFields.superRefine((v, ctx) => {
  if (!v.companyId && !v.companyNumber) ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'required' });
});
export type DepartmentFormInput = z.input<typeof departmentForm>;
export type DepartmentForm = z.output<typeof departmentForm>;

/** Departments in scope (enabled ones unless isAll). */
export const getDepartmentList = get(
  '/api/department/getdepartmentlist',
  z.object({ companyId: optRef, companyNumber: optText, keyword: optText, isAll: optBool, userNumber: optText }),
  z.array(departmentOption),
);

/** keyword matches name, number or path (contains). Serves the department list and the company details. */
export const getDepartmentPage = get(
  '/api/department/getdepartmentpage',
  listParams.extend({ isDisabled: optBool, companyNumber: optText, companyId: optRef, keyword: optText, userNumber: optText }),
  listResult(departmentItem),
);

export const getDepartment = get('/api/department/getdepartment', z.object({ id: recordId }), departmentItem);

/** Replies the saved id. */
export const addOrEditDepartment = post('/api/department/addoreditdepartment', departmentForm, z.object({ id: z.number() }));

/**
 * Disabling is refused with departmentHasSubDepartments (it has enabled sub-departments), then departmentHasUsers
 * (enabled users in it); enabling with departmentCompanyDisabled, then departmentParentDisabled.
 */
export const disabledDepartment = post(
  '/api/department/disableddepartment',
  z.object({ id: recordId, companyNumber: optText, isDisabled: reqBool }),
  none,
);
