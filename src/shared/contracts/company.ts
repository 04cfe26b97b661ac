// Company calls (spec part 2 §2 Companies, §7): list, page, get, add or edit, disable. Every read and write is country-scoped.
import { z } from 'zod';
import { IS_FACTORY } from '../domain/organisation';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, int, optBool, optInt, optText, recordId, reqBool, reqText } from './fields';

export const companyItem = z.object({
  id: z.number(),
  companyNumber: z.string(),
  companyName: z.string(),
  paymentterm: z.string(),
  /** 1 factory, 2 sales company. */
  isFactory: z.number(),
  isDisabled: z.boolean(),
});
export type CompanyItem = z.infer<typeof companyItem>;

/** Lookup row of getcompanylist; shown as name(number). */
export const companyOption = z.object({ id: z.number(), companyNumber: z.string(), companyName: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;

/** The company form and the addoreditcompany body: id 0 adds. */
export const companyForm = z.object({
  id: id.default(0),
  companyName: reqText(200),
  companyNumber: reqText(50),
  paymentterm: z.preprocess((v) => v ?? '', z.string().trim().max(200)).default(''),
  isFactory: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? IS_FACTORY.sales : v),
    int(IS_FACTORY.factory, IS_FACTORY.sales),
  ),
});
export type CompanyFormInput = z.input<typeof companyForm>;
export type CompanyForm = z.output<typeof companyForm>;

/**
 * Companies in the caller's scope. isFactory 2: sales companies (countries); 1: factories; 0 or empty: all.
 * isAll includes disabled ones. userNumber is accepted and ignored (the token decides the scope).
 */
export const getCompanyList = get(
  '/api/company/getcompanylist',
  z.object({ isFactory: optInt, keyword: optText, isAll: optBool, userNumber: optText }),
  z.array(companyOption),
);

/** keyword matches name or number (contains, case-insensitive). */
export const getCompanyPage = get(
  '/api/company/getcompanypage',
  listParams.extend({ isDisabled: optBool, keyword: optText, userNumber: optText }),
  listResult(companyItem),
);

export const getCompany = get('/api/company/getcompany', z.object({ id: recordId }), companyItem);

/** Refusal: companyNumberExists. Replies the saved id. */
export const addOrEditCompany = post('/api/company/addoreditcompany', companyForm, z.object({ id: z.number() }));

/** Refusal when disabling: companyHasDepartments (the company still has enabled departments). */
export const disabledCompany = post('/api/company/disabledcompany', z.object({ id: recordId, isDisabled: reqBool }), none);
