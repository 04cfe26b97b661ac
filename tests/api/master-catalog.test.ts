// Categories, product models, colours and currencies (spec part 2 §2–§9; DESIGN §4): lists, add/edit, duplicates,
// validation, disable toggles and lookups, against the real server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
});
afterAll(() => s.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await s.app.db.execute(query))[0];
}
const fieldsOf = (data: unknown) => (data as Array<{ field: string }>).map((f) => f.field).sort();

describe('categories', () => {
  it('pages the seeded categories newest first, with count, paging and a case-insensitive contains filter', async () => {
    const all = await api.get('/api/Category/getcategorypage', { pageIndex: 1, pageSize: 50 }, admin);
    expect(all.code).toBe(1);
    expect(all.data.count).toBe(6);
    const ids = all.data.items.map((i: { id: number }) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await api.get('/api/Category/getcategorypage', { pageIndex: 2, pageSize: 4 }, admin);
    expect(page2.data.count).toBe(6);
    expect(page2.data.items.map((i: { id: number }) => i.id)).toEqual(ids.slice(4));
    const past = await api.get('/api/Category/getcategorypage', { pageIndex: 9, pageSize: 4 }, admin);
    expect([past.data.items.length, past.data.count]).toEqual([0, 6]);
    const massage = await api.get('/api/Category/getcategorypage', { category: 'MASSAGER', isDisabled: '' }, admin);
    expect(massage.data.items.map((i: { category: string }) => i.category).sort()).toEqual(['Foot Massagers', 'Handheld Massagers']);
    const byNumber = await api.get('/api/Category/getcategorypage', { category: 'sp' }, admin);
    expect(byNumber.data.items.map((i: { categoryNumber: string }) => i.categoryNumber)).toEqual(['SP']);
  });

  it('adds with the token user as author, binding any key case', async () => {
    const r = await api.post('/api/Category/addcategory', { Id: 0, Category: 'Promo_50% Bundles', CategoryNumber: 'PB', UserNumber: 'somebody' }, admin);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ category: 'Promo_50% Bundles', categoryNumber: 'PB', isDisabled: false });
    const row = await one<{ add_user_number: string }>(sql`select add_user_number from categories where id = ${r.data.id}`);
    expect(row.add_user_number).toBe('admin');
    const byId = await api.get('/api/Category/getcategorybyid', { Id: r.data.id }, admin);
    expect(byId.data).toEqual(r.data);
  });

  it('takes % and _ in a filter literally', async () => {
    const pct = await api.get('/api/Category/getcategorypage', { category: '%' }, admin);
    expect(pct.data.items.map((i: { category: string }) => i.category)).toEqual(['Promo_50% Bundles']);
    const under = await api.get('/api/Category/getcategorypage', { category: 'o_5' }, admin);
    expect(under.data.count).toBe(1);
  });

  it('refuses a duplicate name (categoryExists) and a duplicate number (categoryNumberExists), ignoring case', async () => {
    const name = await api.post('/api/Category/addcategory', { id: 0, category: 'massage chairs', categoryNumber: 'NEW1' }, admin);
    expect([name.status, name.code, name.msg]).toEqual([200, 0, 'categoryExists']);
    const num = await api.post('/api/Category/addcategory', { id: 0, category: 'Brand New', categoryNumber: 'mc' }, admin);
    expect([num.status, num.code, num.msg]).toEqual([200, 0, 'categoryNumberExists']);
    expect((await api.get('/api/Category/getcategorypage', { category: 'Brand New' }, admin)).data.count).toBe(0);
  });

  it('refuses a missing name or number with 400 validationError listing the fields', async () => {
    const r = await api.post('/api/Category/addcategory', { id: 0, category: '  ', categoryNumber: '' }, admin);
    expect([r.status, r.msg]).toEqual([400, 'validationError']);
    expect(fieldsOf(r.data)).toEqual(['category', 'categoryNumber']);
  });

  it('edits the name, keeps the number, refuses a taken name and an unknown id', async () => {
    const added = await api.post('/api/Category/addcategory', { id: 0, category: 'Cushions', categoryNumber: 'CU' }, admin);
    const edited = await api.post('/api/Category/addcategory', { id: added.data.id, category: 'Seat Cushions', categoryNumber: 'XX' }, admin);
    expect(edited.data).toMatchObject({ id: added.data.id, category: 'Seat Cushions', categoryNumber: 'CU' });
    const row = await one<{ edit_user_number: string }>(sql`select edit_user_number from categories where id = ${added.data.id}`);
    expect(row.edit_user_number).toBe('admin');
    const taken = await api.post('/api/Category/addcategory', { id: added.data.id, category: 'Spare parts', categoryNumber: 'CU' }, admin);
    expect(taken.msg).toBe('categoryExists');
    const sameName = await api.post('/api/Category/addcategory', { id: added.data.id, category: 'seat cushions', categoryNumber: 'CU' }, admin);
    expect(sameName.code).toBe(1);
    const unknown = await api.post('/api/Category/addcategory', { id: 99999, category: 'Ghost', categoryNumber: 'GH' }, admin);
    expect([unknown.code, unknown.msg]).toEqual([0, 'notFound']);
    expect((await api.get('/api/Category/getcategorybyid', { id: 99999 }, admin)).msg).toBe('notFound');
  });

  it('toggles disabled with the token user, filters by it, and hides disabled ones from the lookup unless isAll', async () => {
    const { data: c } = await api.post('/api/Category/addcategory', { id: 0, category: 'Seasonal', categoryNumber: 'SE' }, admin);
    const off = await api.post('/api/Category/disabledcategory', { Id: c.id, Category: 'Seasonal', IsDisabled: true, UserNumber: 'x' }, admin);
    expect(off.code).toBe(1);
    const row = await one<{ is_disabled: boolean; disabled_user_number: string; disabled_time: unknown }>(
      sql`select is_disabled, disabled_user_number, disabled_time from categories where id = ${c.id}`,
    );
    expect(row.is_disabled).toBe(true);
    expect(row.disabled_user_number).toBe('admin');
    expect(row.disabled_time).toBeTruthy();
    const disabled = await api.get('/api/Category/getcategorypage', { isDisabled: true }, admin);
    expect(disabled.data.items.map((i: { id: number }) => i.id)).toEqual([c.id]);
    const enabled = await api.get('/api/Category/getcategorypage', { isDisabled: 'false', pageSize: 100 }, admin);
    expect(enabled.data.items.some((i: { id: number }) => i.id === c.id)).toBe(false);
    const lookup = await api.get('/api/Category/getcategorylist', {}, admin);
    expect(lookup.data.some((i: { id: number }) => i.id === c.id)).toBe(false);
    expect(Object.keys(lookup.data[0]).sort()).toEqual(['category', 'categoryNumber', 'id']);
    const all = await api.get('/api/Category/getcategorylist', { isAll: true, keyword: 'season' }, admin);
    expect(all.data.map((i: { id: number }) => i.id)).toEqual([c.id]);
    expect((await api.post('/api/Category/disabledcategory', { id: c.id, isDisabled: false }, admin)).code).toBe(1);
    expect((await api.get('/api/Category/getcategorylist', { keyword: 'SEASON' }, admin)).data.length).toBe(1);
  });

  it('refuses a toggle of an unknown id (notFound) and a toggle without IsDisabled (400)', async () => {
    const r = await api.post('/api/Category/disabledcategory', { id: 424242, isDisabled: true }, admin);
    expect([r.status, r.code, r.msg]).toEqual([200, 0, 'notFound']);
    const bad = await api.post('/api/Category/disabledcategory', { id: 1 }, admin);
    expect([bad.status, bad.msg]).toEqual([400, 'validationError']);
  });
});

describe('product models', () => {
  it('pages the seeded models with the OgawaModel filter, a contains filter and the disabled filter', async () => {
    const all = await api.get('/api/ProductMod/getproductmodpage', { OgawaModel: 'YES', isDisabled: '', pageSize: 50 }, admin);
    expect(all.data.count).toBe(12);
    expect(all.data.items[0]).toMatchObject({ ogawaModel: true });
    expect((await api.get('/api/ProductMod/getproductmodpage', { OgawaModel: 'NO' }, admin)).data.count).toBe(0);
    const smart = await api.get('/api/ProductMod/getproductmodpage', { ProductMod: 'SMART', OgawaModel: 'YES' }, admin);
    expect(smart.data.items.map((i: { modelName: string }) => i.modelName).sort()).toEqual(['Smart Jazz', 'Smart Vogue']);
    const byNumber = await api.get('/api/ProductMod/getproductmodpage', { productMod: 'og-75' }, admin);
    expect(byNumber.data.items.map((i: { productModNa: string }) => i.productModNa)).toEqual(['OG-7598']);
    const paged = await api.get('/api/ProductMod/getproductmodpage', { pageIndex: 3, pageSize: 5 }, admin);
    expect([paged.data.items.length, paged.data.count]).toEqual([2, 12]);
  });

  it('adds with the full name made by the server and remarks as a clean company list', async () => {
    const r = await api.post(
      '/api/ProductMod/addproductmod',
      { Id: 0, ModelType: 'CHAIR', ModelName: 'Zero Gravity', ProductModNa: 'OG-9000', ModelLevel: 'high', DataType: 'chair', Remarks: 'tw, sg,,TW', ProductMod: 'ignored' },
      admin,
    );
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({
      productMod: 'CHAIR Zero Gravity',
      productModNa: 'OG-9000',
      modelLevel: 'High',
      dataType: 'CHAIR',
      remarks: 'TW,SG',
      ogawaModel: true,
    });
    const arr = await api.post('/api/ProductMod/addproductmod', { id: 0, modelName: 'Plain', productModNa: 'OG-9001', remarks: ['AU', 'MY'] }, admin);
    expect(arr.data).toMatchObject({ productMod: 'Plain', remarks: 'AU,MY', modelLevel: '', dataType: '' });
    expect((await api.get('/api/ProductMod/getproductmodbyid', { id: r.data.id }, admin)).data).toEqual(r.data);
  });

  it('refuses a duplicate model name (modelExists) and number (modelNumberExists)', async () => {
    const name = await api.post('/api/ProductMod/addproductmod', { id: 0, modelName: 'master drive', productModNa: 'NEW-1' }, admin);
    expect([name.code, name.msg]).toEqual([0, 'modelExists']);
    const num = await api.post('/api/ProductMod/addproductmod', { id: 0, modelName: 'Brand New', productModNa: 'og-7598' }, admin);
    expect([num.code, num.msg]).toEqual([0, 'modelNumberExists']);
  });

  it('refuses an empty model name, a missing number and an unknown level with 400', async () => {
    const r = await api.post('/api/ProductMod/addproductmod', { id: 0, modelName: '', productModNa: '', modelLevel: 'Huge' }, admin);
    expect([r.status, r.msg]).toEqual([400, 'validationError']);
    expect(fieldsOf(r.data)).toEqual(['modelLevel', 'modelName', 'productModNa']);
  });

  it('edits: recomputes the full name, keeps the number, refuses a taken name and an unknown id', async () => {
    const { data: m } = await api.post('/api/ProductMod/addproductmod', { id: 0, modelType: 'FOOT', modelName: 'Calf Pro', productModNa: 'OF-2000' }, admin);
    const e = await api.post(
      '/api/ProductMod/addproductmod',
      { id: m.id, modelType: 'FOOT', modelName: 'Calf Pro II', productModNa: 'CHANGED', modelLevel: 'Mid', dataType: 'FOOT', remarks: 'HK' },
      admin,
    );
    expect(e.data).toMatchObject({ id: m.id, productMod: 'FOOT Calf Pro II', productModNa: 'OF-2000', modelLevel: 'Mid', remarks: 'HK' });
    const taken = await api.post('/api/ProductMod/addproductmod', { id: m.id, modelName: 'Fit Foot', productModNa: 'OF-2000' }, admin);
    expect(taken.msg).toBe('modelExists');
    const unknown = await api.post('/api/ProductMod/addproductmod', { id: 77777, modelName: 'Ghost', productModNa: 'G-1' }, admin);
    expect(unknown.msg).toBe('notFound');
  });

  it('serves both lookups, enabled only unless isAll; list2 filters by level and type', async () => {
    const list = await api.get('/api/ProductMod/getproductmodlist', { keyword: 'kneader' }, admin);
    expect(list.data.map((m: { productModNa: string }) => m.productModNa)).toEqual(['OH-0528']);
    const high = await api.get('/api/ProductMod/getproductmodlist2', { modelLevel: 'High', modelType: 'CHAIR' }, admin);
    expect(high.data.map((m: { productModNa: string }) => m.productModNa).sort()).toEqual(['OG-7598', 'OG-7808', 'OG-9000']);
    const foot = await api.get('/api/ProductMod/getproductmodlist2', { modelType: 'foot' }, admin);
    expect(foot.data.every((m: { dataType: string; modelType: string }) => m.dataType === 'FOOT' || m.modelType === 'FOOT')).toBe(true);
    const id = high.data.find((m: { productModNa: string }) => m.productModNa === 'OG-9000').id;
    expect((await api.post('/api/ProductMod/disabledproductmod', { Id: id, ProductMod: 'x', IsDisabled: true }, admin)).code).toBe(1);
    const after = await api.get('/api/ProductMod/getproductmodlist2', { modelLevel: 'High', modelType: 'CHAIR' }, admin);
    expect(after.data.map((m: { productModNa: string }) => m.productModNa).sort()).toEqual(['OG-7598', 'OG-7808']);
    const withAll = await api.get('/api/ProductMod/getproductmodlist2', { modelLevel: 'High', modelType: 'CHAIR', isAll: true }, admin);
    expect(withAll.data.length).toBe(3);
    expect((await api.get('/api/ProductMod/getproductmodlist', { keyword: 'zero' }, admin)).data).toEqual([]);
    expect((await api.get('/api/ProductMod/getproductmodpage', { isDisabled: true }, admin)).data.items.map((m: { id: number }) => m.id)).toEqual([id]);
    const row = await one<{ disabled_user_number: string }>(sql`select disabled_user_number from product_mods where id = ${id}`);
    expect(row.disabled_user_number).toBe('admin');
  });

  it('refuses a toggle of an unknown model', async () => {
    const r = await api.post('/api/ProductMod/disabledproductmod', { id: 99999, isDisabled: true }, admin);
    expect([r.code, r.msg]).toEqual([0, 'notFound']);
  });
});

describe('product colours', () => {
  it('pages the seeded colours with contains and disabled filters', async () => {
    const all = await api.get('/api/ProductCol/getproductcolpage', { pageSize: 50 }, admin);
    expect(all.data.count).toBe(8);
    const blue = await api.get('/api/ProductCol/getproductcolpage', { ProductCol: 'BLUE', isDisabled: false }, admin);
    expect(blue.data.items.map((c: { productCol: string }) => c.productCol)).toEqual(['Ocean Blue']);
    expect((await api.get('/api/ProductCol/getproductcolpage', { isDisabled: true }, admin)).data.count).toBe(0);
  });

  it('adds with a server-made unique number, ignoring a number sent by the client', async () => {
    const a = await api.post('/api/ProductCol/addproductcol', { Id: 0, ProductCol: 'Mint Green', ProductColNa: 'HACK' }, admin);
    const b = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: 'Rose Pink' }, admin);
    expect(a.data.productColNa).toMatch(/^C\d{4}$/);
    expect(b.data.productColNa).toMatch(/^C\d{4}$/);
    expect(a.data.productColNa).not.toBe(b.data.productColNa);
    const numbers = (await api.get('/api/ProductCol/getproductcollist', {}, admin)).data.map((c: { productColNa: string }) => c.productColNa);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('skips a number that is already taken instead of failing', async () => {
    const next = await one<{ n: number }>(sql`select last_value::int + 1 as n from product_cols_id_seq`);
    const taken = `C${String(next.n).padStart(4, '0')}`;
    await s.app.db.execute(sql`insert into product_cols (id, product_col, product_col_na) values (90000, 'Hand Made', ${taken})`);
    const r = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: 'Sand Beige' }, admin);
    expect(r.code).toBe(1);
    expect(r.data.productColNa).toMatch(/^C\d{4}$/);
    expect(r.data.productColNa).not.toBe(taken);
  });

  it('refuses a duplicate colour name (colourExists) and an empty name (400)', async () => {
    const dup = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: 'black' }, admin);
    expect([dup.code, dup.msg]).toEqual([0, 'colourExists']);
    const empty = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: ' ' }, admin);
    expect([empty.status, empty.msg]).toEqual([400, 'validationError']);
    expect(fieldsOf(empty.data)).toEqual(['productCol']);
  });

  it('edits the name and never the number; refuses a taken name and an unknown id', async () => {
    const { data: c } = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: 'Slate' }, admin);
    const e = await api.post('/api/ProductCol/addproductcol', { id: c.id, productCol: 'Slate Grey', productColNa: 'C9999' }, admin);
    expect(e.data).toEqual({ ...c, productCol: 'Slate Grey' });
    expect((await api.post('/api/ProductCol/addproductcol', { id: c.id, productCol: 'Cream' }, admin)).msg).toBe('colourExists');
    expect((await api.post('/api/ProductCol/addproductcol', { id: 88888, productCol: 'Nothing' }, admin)).msg).toBe('notFound');
    expect((await api.get('/api/ProductCol/getproductcolbyid', { id: c.id }, admin)).data.productCol).toBe('Slate Grey');
  });

  it('toggles by id or by the colour name the original front end sends; refuses an unknown one', async () => {
    const { data: c } = await api.post('/api/ProductCol/addproductcol', { id: 0, productCol: 'Copper' }, admin);
    expect((await api.post('/api/ProductCol/disabledproductcol', { ProductCol: 'copper', IsDisabled: true }, admin)).code).toBe(1);
    expect((await api.get('/api/ProductCol/getproductcolbyid', { id: c.id }, admin)).data.isDisabled).toBe(true);
    expect((await api.get('/api/ProductCol/getproductcollist', { keyword: 'copper' }, admin)).data).toEqual([]);
    expect((await api.get('/api/ProductCol/getproductcollist', { keyword: 'copper', isAll: true }, admin)).data.length).toBe(1);
    expect((await api.post('/api/ProductCol/disabledproductcol', { id: c.id, isDisabled: false }, admin)).code).toBe(1);
    expect((await api.get('/api/ProductCol/getproductcolbyid', { id: c.id }, admin)).data.isDisabled).toBe(false);
    const unknown = await api.post('/api/ProductCol/disabledproductcol', { productCol: 'No Such Colour', isDisabled: true }, admin);
    expect([unknown.code, unknown.msg]).toEqual([0, 'notFound']);
    expect((await api.post('/api/ProductCol/disabledproductcol', { id: 55555, isDisabled: true }, admin)).msg).toBe('notFound');
  });
});

describe('currencies', () => {
  it('pages the seeded currencies with contains and disabled filters', async () => {
    const all = await api.get('/api/Currency/getcurrencypage', { pageSize: 50 }, admin);
    expect(all.data.count).toBe(8);
    const usd = await api.get('/api/Currency/getcurrencypage', { Currency: 'us' }, admin);
    expect(usd.data.items.map((c: { currency: string }) => c.currency)).toEqual(['USD']);
    expect((await api.get('/api/Currency/getcurrencypage', { isDisabled: true }, admin)).data.count).toBe(0);
  });

  it('adds with the upper-cased code as number; edits remarks and name but not the number', async () => {
    const r = await api.post('/api/Currency/addcurrency', { Id: 0, Currency: 'eur', Remarks: 'Euro' }, admin);
    expect(r.data).toMatchObject({ currency: 'eur', currencyNumber: 'EUR', remarks: 'Euro' });
    const e = await api.post('/api/Currency/addcurrency', { id: r.data.id, currency: 'Euro', remarks: 'Single currency' }, admin);
    expect(e.data).toMatchObject({ id: r.data.id, currency: 'Euro', currencyNumber: 'EUR', remarks: 'Single currency' });
    expect((await api.get('/api/Currency/getcurrencybyid', { id: r.data.id }, admin)).data).toEqual(e.data);
  });

  it('refuses a duplicate currency (currencyExists) and a duplicate number (currencyNumberExists)', async () => {
    const dup = await api.post('/api/Currency/addcurrency', { id: 0, currency: 'usd' }, admin);
    expect([dup.code, dup.msg]).toEqual([0, 'currencyExists']);
    // EUR was renamed to "Euro" above: the name is free, the number is not.
    const num = await api.post('/api/Currency/addcurrency', { id: 0, currency: 'Eur' }, admin);
    expect([num.code, num.msg]).toEqual([0, 'currencyNumberExists']);
    const taken = await api.post('/api/Currency/addcurrency', { id: 1, currency: 'HKD' }, admin);
    expect(taken.msg).toBe('currencyExists');
  });

  it('refuses an empty currency (400) and an unknown id (notFound)', async () => {
    const empty = await api.post('/api/Currency/addcurrency', { id: 0, currency: '', remarks: 'x' }, admin);
    expect([empty.status, empty.msg]).toEqual([400, 'validationError']);
    expect(fieldsOf(empty.data)).toEqual(['currency']);
    expect((await api.post('/api/Currency/addcurrency', { id: 9999, currency: 'XYZ' }, admin)).msg).toBe('notFound');
  });

  it('toggles, and the lookup leaves disabled ones out unless isAll', async () => {
    const { data: c } = await api.post('/api/Currency/addcurrency', { id: 0, currency: 'JPY', remarks: 'Yen' }, admin);
    expect((await api.post('/api/Currency/disabledcurrency', { Id: c.id, Currency: 'JPY', IsDisabled: true }, admin)).code).toBe(1);
    const list = await api.get('/api/Currency/getcurrencylist', {}, admin);
    expect(list.data.some((x: { currency: string }) => x.currency === 'JPY')).toBe(false);
    expect(Object.keys(list.data[0]).sort()).toEqual(['currency', 'currencyNumber', 'id']);
    const all = await api.get('/api/Currency/getcurrencylist', { isAll: true, keyword: 'jp' }, admin);
    expect(all.data.map((x: { currencyNumber: string }) => x.currencyNumber)).toEqual(['JPY']);
    const row = await one<{ is_disabled: boolean; disabled_user_number: string }>(sql`select is_disabled, disabled_user_number from currencies where id = ${c.id}`);
    expect(row).toEqual({ is_disabled: true, disabled_user_number: 'admin' });
    const unknown = await api.post('/api/Currency/disabledcurrency', { id: 31337, isDisabled: true }, admin);
    expect([unknown.code, unknown.msg]).toEqual([0, 'notFound']);
  });
});
