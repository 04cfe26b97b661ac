// Vendors: paged list, read, add/edit through one call (id 0 adds), disable toggle. On edit the vendor number and
// company type are locked: the stored values stay, whatever the payload carries. Country scope follows the companys
// list (common/company-list-scope.ts): empty means group-wide.
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { VendorForm, VendorItem } from '@/shared/contracts/vendor';
import { joinCompanys, splitCompanys } from '@/shared/domain/master-data';
import type { Db } from '../../db/client';
import { vendors } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { assertMayChangeCompanys, assertOwnsNewCompanys, companyListVisible, seesCompanys } from '../common/company-list-scope';
import { added, containsPattern, edited, offsetOf, text, countOf, pageOf, toggled, withUniqueKeys } from '../common/query';

const item = {
  id: vendors.id,
  companyType: vendors.companyType,
  vendorName: vendors.vendorName,
  vendorNumber: vendors.vendorNumber,
  oihVendorNumber: vendors.oihVendorNumber,
  vendorAddress: vendors.vendorAddress,
  vendorContact: vendors.vendorContact,
  vendorContact_finance: vendors.vendorContactFinance,
  vendorTel: vendors.vendorTel,
  vendorEmail_p: vendors.vendorEmailP,
  emailFin: vendors.emailFin,
  paymentterm: vendors.paymentterm,
  currency: vendors.currency,
  country: vendors.country,
  fullname: vendors.fullname,
  companys: vendors.companys,
  isDisabled: vendors.isDisabled,
};

const uniqueKeys = { vendors_number_uq: 'vendorNumberExists' } as const;

export async function vendorPage(
  db: Db,
  scope: Scope,
  p: { pageIndex: number; pageSize: number; isDisabled?: boolean; vendorName?: string; vendorNumber?: string },
) {
  const where = and(
    companyListVisible(vendors.companys, scope),
    p.isDisabled === undefined ? undefined : eq(vendors.isDisabled, p.isDisabled),
    p.vendorName ? ilike(vendors.vendorName, containsPattern(p.vendorName)) : undefined,
    p.vendorNumber ? ilike(vendors.vendorNumber, containsPattern(p.vendorNumber)) : undefined,
  );
  const rows = () => db.select(item).from(vendors).where(where).orderBy(desc(vendors.id)).limit(p.pageSize).offset(offsetOf(p));
  return pageOf(db, p, rows, countOf(db, vendors, where));
}

async function storedVendor(db: Db, id: number): Promise<VendorItem> {
  const [row] = await db.select(item).from(vendors).where(eq(vendors.id, id));
  return row ?? refuse('notFound');
}

/** A vendor in scope: notFound when missing, 403 when none of its companies is in the scope. */
export async function vendorById(db: Db, scope: Scope, id: number): Promise<VendorItem> {
  const row = await storedVendor(db, id);
  if (!seesCompanys(scope, row.companys)) forbidden();
  return row;
}

export async function saveVendor(db: Db, user: AuthUser, scope: Scope, input: VendorForm): Promise<VendorItem> {
  const companys = splitCompanys(input.companys);
  const fields = {
    vendorName: input.vendorName,
    oihVendorNumber: text(input.oihVendorNumber),
    vendorAddress: input.vendorAddress,
    vendorContact: input.vendorContact,
    vendorContactFinance: text(input.vendorContact_finance),
    vendorTel: text(input.vendorTel),
    vendorEmailP: text(input.vendorEmail_p),
    emailFin: text(input.emailFin),
    paymentterm: input.paymentterm,
    currency: text(input.currency).toUpperCase(),
    country: text(input.country),
    fullname: text(input.fullname),
    companys: joinCompanys(companys),
  };
  if (input.id) {
    assertMayChangeCompanys(scope, (await storedVendor(db, input.id)).companys);
    assertOwnsNewCompanys(scope, companys, 'companys');
    const [row] = await db.update(vendors).set({ ...fields, ...edited(user) }).where(eq(vendors.id, input.id)).returning(item);
    return row;
  }
  assertOwnsNewCompanys(scope, companys, 'companys');
  const dup = await db.select({ id: vendors.id }).from(vendors).where(sql`lower(${vendors.vendorNumber}) = lower(${input.vendorNumber})`).limit(1);
  if (dup.length) refuse('vendorNumberExists');
  const [row] = await withUniqueKeys(
    () =>
      db
        .insert(vendors)
        .values({ ...fields, vendorNumber: input.vendorNumber, companyType: input.companyType, ...added(user) })
        .returning(item),
    uniqueKeys,
  );
  return row;
}

/** By id when given, else by vendor number (what the original front end sends). */
export async function toggleVendor(db: Db, user: AuthUser, scope: Scope, key: { id?: number; vendorNumber?: string }, isDisabled: boolean) {
  const where = key.id
    ? eq(vendors.id, key.id)
    : key.vendorNumber
      ? sql`lower(${vendors.vendorNumber}) = lower(${key.vendorNumber})`
      : undefined;
  const [found] = where ? await db.select({ id: vendors.id, companys: vendors.companys }).from(vendors).where(where).limit(1) : [];
  if (!found) return refuse('notFound');
  assertMayChangeCompanys(scope, found.companys);
  await db.update(vendors).set(toggled(user, isDisabled)).where(eq(vendors.id, found.id));
}
