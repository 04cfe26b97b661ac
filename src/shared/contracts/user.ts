// Identity calls (spec part 1 §7, part 2 §7 users and passwords) and user management (page, list, get, add or edit, disable).
import { z } from 'zod';
import { get, listParams, listResult, none, onRoute, post } from './endpoint';
import { identityRoutes } from './routes';
import { checkAdminPassword } from '../domain/password-policy';
import { GRADE_MAX, RANK_MAX, SEX } from '../domain/organisation';
import { id, int, optBool, optInt, optText, recordId, reqBool, reqText } from './fields';

export const language = z.enum(['en', 'zh-tw']);

export const sessionUser = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  language,
  companyNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  departmentName: z.string().nullable(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

const credentials = z.object({
  number: reqText(100),
  password: z.string().max(200).default(''),
});

export const getUser = onRoute(identityRoutes.getUser, credentials, z.object({ language }), 'public');

export const login = onRoute(
  identityRoutes.login,
  credentials.extend({ language: language.optional().catch(undefined) }),
  sessionUser.extend({ token: z.string(), mustChangePassword: z.boolean() }),
  'public',
);

export const logout = post('/api/user/logout', z.object({}), none);

export const getCurrentUser = get('/api/user/getcurrentuser', z.object({ number: optText }), sessionUser);

export const getUserByName = get('/api/user/getuserbyname', z.object({ userName: reqText(100) }), z.object({ id: z.number() }));

/** Own change: the old password is required; the new one follows the 6–8 rule. */
export const changeUserPassword = post(
  '/api/user/changeuserpassword',
  z.object({ id: optInt, oldPassword: z.string().min(1).max(200), password: z.string().min(1).max(200) }),
  none,
);

/** An administrator sets a user's password (6–20). */
export const editUserPassword = post(
  '/api/user/edituserpassword',
  z.object({ id: recordId, password: z.string().max(200) }),
  none,
);

/** Sets a new password with the one-time token of a forgot-password mail. */
export const resetPassword = post(
  '/api/user/resetpassword',
  z.object({ token: reqText(200), password: z.string().min(1).max(200) }),
  none,
  'public',
);

// --- User management (spec part 2 §2 Users, §5, §7; part 3 §2.9 user picker). Country-scoped on the server.

/** A reference to a record by id where 0, "" or null mean "none". */
export const optRef = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  int(1).optional(),
);

/** Optional e-mail: "" when not given, else a valid address. */
export const optEmail = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
  // One string schema (not a union) so a bad address reports an email-format issue the form can name.
  z.string().max(200).refine((v) => v === '' || z.email().safeParse(v).success, { message: 'crud.validation.email' }),
);

/** 1..max or null; "" and null mean empty (rank and grade are sent as null when empty). */
const optLevel = (max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), int(1, max).nullable());

export const userItem = z.object({
  id: z.number(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  companyNumber: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  departmentNumber: z.string().nullable(),
  /** The sign-in number; equals the account. */
  number: z.string(),
  account: z.string(),
  name: z.string(),
  language,
  /** 1 man, 2 woman. */
  sex: z.number(),
  /** Holds the remarks. */
  address: z.string(),
  email: z.string(),
  rank: z.number().nullable(),
  grade: z.number().nullable(),
  /** The leader's name, and number. */
  leader: z.string().nullable(),
  leaderNumber: z.string().nullable(),
  isDisabled: z.boolean(),
  /** Bumped by every change of the user; an edit may send it back to be refused when stale (staleVersion). */
  version: z.number(),
});
export type UserItem = z.infer<typeof userItem>;

/** Lookup row of getuserlist (spec part 2 §3 lookups). */
export const userOption = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  account: z.string(),
  email: z.string(),
  companyNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  departmentNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOption>;

/** Fields of the user form; company and department by id or number (id wins). */
export const userFormFields = z.object({
  id: id.default(0),
  companyId: optRef,
  companyNumber: optText,
  departmentId: optRef,
  departmentNumber: optText,
  /** Only on add (6–20); ignored on edit (edituserpassword sets it). */
  password: z.preprocess((v) => v ?? '', z.string().max(200)).default(''),
  name: reqText(100),
  account: reqText(100),
  language: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), language),
  sex: z.preprocess((v) => (v === '' || v === null || v === undefined ? SEX.man : v), int(SEX.man, SEX.woman)),
  email: optEmail,
  leaderNumber: optText,
  rank: optLevel(RANK_MAX),
  grade: optLevel(GRADE_MAX),
  /** Remarks. */
  address: z.preprocess((v) => v ?? '', z.string().trim().max(500)).default(''),
  /** On edit, the version the form loaded: a different stored one is refused (staleVersion); missing = no check. */
  version: optInt,
});

/** The user form and the addoredituser body: id 0 adds. Refusal: accountExists. */
export const userForm = userFormFields.superRefine((v, ctx) => {
  if (!v.companyId && !v.companyNumber) ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'required' });
  if (!v.departmentId && !v.departmentNumber) ctx.addIssue({ code: 'custom', path: ['departmentId'], message: 'required' });
  const bad = v.id === 0 ? checkAdminPassword(v.password) : null;
  if (bad) ctx.addIssue({ code: 'custom', path: ['password'], message: `validation.${bad}` });
});
export type UserFormInput = z.input<typeof userForm>;
export type UserForm = z.output<typeof userForm>;

/**
 * Users in scope. Filters: isDisabled, companyNumber, departmentNumber, keyword (name, number, account or e-mail contains).
 * Serves the user list and the user picker. userNumber is accepted and ignored.
 */
export const getUserPage = get(
  '/api/user/getuserpage',
  listParams.extend({
    isDisabled: optBool,
    companyNumber: optText,
    departmentNumber: optText,
    keyword: optText,
    userNumber: optText,
  }),
  listResult(userItem),
);

/** Lookup of users in scope; isAll includes disabled ones. */
export const getUserList = get(
  '/api/user/getuserlist',
  z.object({ companyId: optRef, companyNumber: optText, departmentId: optRef, departmentNumber: optText, keyword: optText, isAll: optBool }),
  z.array(userOption),
);

export const getUserById = get('/api/user/getuserbyid', z.object({ id: recordId }), userItem);

/** Replies the saved id. */
export const addOrEditUser = post('/api/user/addoredituser', userForm, z.object({ id: z.number() }));

/** Disabling ends the user's sessions. */
export const disabledUser = post('/api/user/disableduser', z.object({ id: recordId, isDisabled: reqBool }), none);
