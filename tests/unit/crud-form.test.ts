// The crud kit's form logic: the contract's zod schema validates the form and its issues become translatable
// messages per field; add/edit mode from the key parameter; case-insensitive query parameters.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateWith } from '@/app/components/crud/zod-validate';
import { issueMessage } from '@/shared/contracts/field-messages';
import { formMode, isEditRoute, queryParam, recordKeyProblem } from '@/app/components/crud/form-logic';
import { categoryForm } from '@/shared/contracts/category';
import { vendorForm } from '@/shared/contracts/vendor';
import { PRODUCT_TEXT_MAX, productForm } from '@/shared/contracts/product';

describe('validation with the contract schemas', () => {
  it('requires category name and number', () => {
    expect(validateWith(categoryForm, { id: 0, category: ' ', categoryNumber: '' })).toEqual({
      category: { key: 'crud.validation.required' },
      categoryNumber: { key: 'crud.validation.required' },
    });
    expect(validateWith(categoryForm, { id: 0, category: 'Chairs', categoryNumber: 'C1' })).toEqual({});
  });

  it('reports too long text with its limit', () => {
    expect(validateWith(categoryForm, { id: 0, category: 'x'.repeat(101), categoryNumber: 'C' })).toEqual({
      category: { key: 'crud.validation.tooLong', params: { max: 100 } },
    });
  });

  it('requires vendor name, number, address, payment term and contact, and checks e-mails', () => {
    const r = validateWith(vendorForm, { id: 0, companyType: 'External', vendorName: '', vendorEmail_p: 'nope', companys: '' });
    expect(Object.keys(r).sort()).toEqual(['paymentterm', 'vendorAddress', 'vendorContact', 'vendorEmail_p', 'vendorName', 'vendorNumber']);
    expect(r.vendorEmail_p).toEqual({ key: 'crud.validation.email' });
  });

  it('requires product type, category, model, colour and at least one company', () => {
    const r = validateWith(productForm, { id: 0, productType: '', productCode: 'P1', category: '', modelNo: '', productColour: '', companys: [] });
    // Spec part 2 §5: each choice has its own message.
    expect(r.productType).toEqual({ key: 'validation.productTypeRequired' });
    expect(r.category).toEqual({ key: 'validation.categoryRequired' });
    expect(r.modelNo).toEqual({ key: 'validation.modelRequired' });
    expect(r.productColour).toEqual({ key: 'validation.colourRequired' });
    expect(r.companys).toEqual({ key: 'crud.validation.required' });
  });

  it('limits the optional texts of a product, and "" still means not given', () => {
    const base = { id: 0, productType: '1', productCode: 'P1', category: 'C', modelNo: 'M', productColour: 'R', companys: 'HK' };
    for (const [field, max] of Object.entries(PRODUCT_TEXT_MAX)) {
      expect(validateWith(productForm, { ...base, [field]: 'x'.repeat(max) })).toEqual({});
      expect(validateWith(productForm, { ...base, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: { key: 'crud.validation.tooLong', params: { max } } });
    }
    const r = productForm.safeParse({ ...base, itemCode: '  ', uom: ' pcs ' });
    expect(r.success && r.data.itemCode).toBeUndefined();
    expect(r.success && r.data.uom).toBe('pcs');
  });

  it('maps refinement messages to keys', () => {
    const s = z.object({ a: z.string() }).superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['a'], message: 'required' });
      ctx.addIssue({ code: 'custom', path: ['b'], message: 'validation.passwordLength' });
      ctx.addIssue({ code: 'custom', path: ['c'], message: 'Some sentence.' });
    });
    expect(validateWith(s, { a: 'x' })).toEqual({
      a: { key: 'crud.validation.required' },
      b: { key: 'validation.passwordLength' },
      c: { key: 'crud.validation.invalid' },
    });
  });

  it('tells numbers below a minimum from missing values', () => {
    const r = z.object({ n: z.number().min(3) }).safeParse({ n: 1 });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueMessage(r.error.issues[0])).toEqual({ key: 'crud.validation.min', params: { min: 3 } });
  });
});

describe('form page helpers', () => {
  it('adds when the key is missing or 0 and edits otherwise', () => {
    expect(formMode('')).toBe('add');
    expect(formMode('0')).toBe('add');
    expect(formMode('12')).toBe('edit');
    expect(formMode('P-100')).toBe('edit');
  });

  it('tells a record key that names no record: missing, or an id that is not a positive int4', () => {
    for (const bad of ['abc', '1.5', '-3', '0x10', '2147483648', '99999999999', 'true']) expect(recordKeyProblem(bad, 'id')).toBe('invalid');
    expect(recordKeyProblem('', 'Id')).toBe('missing');
    expect(recordKeyProblem('0', 'id')).toBe('missing');
    expect(recordKeyProblem('2147483647', 'Id')).toBeNull();
    expect(recordKeyProblem('12', 'id')).toBeNull();
    // A product code is any text: the server says whether it exists.
    expect(recordKeyProblem('P-100', 'ProductCode')).toBeNull();
    expect(recordKeyProblem(' ', 'ProductCode')).toBe('missing');
    expect(isEditRoute('EditProduct')).toBe(true);
    expect(isEditRoute('UserEdit')).toBe(true);
    expect(isEditRoute('AddProduct')).toBe(false);
    expect(isEditRoute('MenuAddSubmenu')).toBe(false);
  });

  it('reads query parameters case-insensitively', () => {
    const p = new URLSearchParams('Id=4&productcode=AB');
    expect(queryParam(p, 'id')).toBe('4');
    expect(queryParam(p, 'ProductCode')).toBe('AB');
    expect(queryParam(p, 'missing')).toBe('');
  });
});
