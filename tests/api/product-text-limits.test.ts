// The product's optional texts have limits (issue 6: long values broke the details layout): the server refuses a
// longer item code, factory code, name, currency or unit with 400 validationError naming the field and its limit,
// accepts the limit itself, and stores nothing from a refused call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TEXT_MAX } from '@/shared/contracts/product';
import { client, productForm, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;

const product = (over: Record<string, unknown> = {}) => productForm({ productCode: 'LIMIT-1', ...over });

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
});
afterAll(() => s.close());

describe('product text limits', () => {
  it.each(Object.entries(PRODUCT_TEXT_MAX))('%s: one character over the limit is refused, nothing is stored', async (field, max) => {
    const code = `LIMIT-${field}`;
    const r = await api.post('/api/Product/addproduct', product({ productCode: code, [field]: 'x'.repeat(max + 1) }), admin);
    expect(r.status).toBe(400);
    expect(r.msg).toBe('validationError');
    expect(r.data).toEqual([{ field, message: 'crud.validation.tooLong', params: { max } }]);
    const after = await api.get('/api/Product/getproductbycode', { productCode: code }, admin);
    expect(after.code).toBe(0);
  });

  it('a product name at the limit is stored and read back whole', async () => {
    const name = 'N'.repeat(PRODUCT_TEXT_MAX.productName);
    const r = await api.post('/api/Product/addproduct', product({ productCode: 'LIMIT-OK', productName: name, itemCode: 'I'.repeat(PRODUCT_TEXT_MAX.itemCode) }), admin);
    expect(r.code).toBe(1);
    const back = await api.get('/api/Product/getproductbycode', { productCode: 'LIMIT-OK' }, admin);
    expect(back.data.productName).toBe(name);
  });
});
