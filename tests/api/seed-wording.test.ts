// The seeded Traditional Chinese menu names use Taiwan wording (銷售資料, 主檔, 簽核範本): a database seeded by an
// earlier version is renamed at the next start, while a name an administrator chose is kept.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { seed } from '@/server/db/seed/index';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const nameOf = async (code: string) =>
  rowsOf<{ name: string }>(await s.app.db.execute(sql`select menu_name_zhtw as name from menus where code = ${code}`))[0]?.name;

it('a fresh database has the Taiwan wording', async () => {
  expect(await nameOf('group:sales')).toBe('銷售資料');
  expect(await nameOf('group:master')).toBe('主檔');
  expect(await nameOf('route:/WorkFlowTemplateList')).toBe('簽核範本');
});

it('a start renames the old seeded names and keeps an administrator\'s own', async () => {
  await s.app.db.execute(sql`update menus set menu_name_zhtw = '主數據' where code = 'group:master'`);
  await s.app.db.execute(sql`update menus set menu_name_zhtw = '週銷售數據' where code = 'route:/WeekSalesDataList'`);
  await s.app.db.execute(sql`update menus set menu_name_zhtw = '我的範本' where code = 'route:/WorkFlowTemplateList'`);
  await seed(s.app.db, s.config);
  expect(await nameOf('group:master')).toBe('主檔');
  expect(await nameOf('route:/WeekSalesDataList')).toBe('週銷售資料');
  expect(await nameOf('route:/WorkFlowTemplateList')).toBe('我的範本');
});
