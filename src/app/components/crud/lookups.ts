// Option lists for selects and filters (categories, models, colours, currencies, companies, departments), read once
// through react-query and shared by every screen and picker. A failed lookup is ignored silently (spec part 2 §8);
// one that found no network is not kept as an empty list, and says so (`offline`) to a picker that shows it.
import { useQuery } from '@tanstack/react-query';
import { call } from '@/app/api/client';
import { isOfflineError, queryOffline } from '@/app/components/shell/status-page';
import type { Endpoint, InputOf, OutputOf } from '@/shared/contracts/endpoint';
import { getCategoryList } from '@/shared/contracts/category';
import { getProductModList } from '@/shared/contracts/product-mod';
import { getProductColList } from '@/shared/contracts/product-col';
import { getCurrencyList } from '@/shared/contracts/currency';
import { getCompanyList } from '@/shared/contracts/company';
import { getDepartmentList } from '@/shared/contracts/department';
import { IS_FACTORY } from '@/shared/domain/organisation';

export interface Option {
  value: string;
  label: string;
}

type Row<E extends Endpoint> = OutputOf<E> extends (infer R)[] ? R : never;

/** A remote option list: the endpoint, its input and how a row becomes an option. */
export interface Lookup<E extends Endpoint = Endpoint> {
  endpoint: E;
  input: InputOf<E>;
  toOption: (row: Row<E>) => Option;
}

export const lookup = <E extends Endpoint>(endpoint: E, input: InputOf<E>, toOption: (row: Row<E>) => Option): Lookup<E> => ({
  endpoint,
  input,
  toOption,
});

const LOOKUP_STALE_MS = 60_000;

/** The rows and options of a lookup; [] while loading or after a failure. `enabled: false` skips the call. `offline`,
 * `retry` and `busy` are the shared offline rule's. */
export function useLookup<E extends Endpoint>(l: Lookup<E> | undefined, enabled = true) {
  const q = useQuery({
    queryKey: ['lookup', l?.endpoint.path, l?.input],
    enabled: enabled && !!l,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      if (!l) return [];
      try {
        return (await call(l.endpoint, l.input, { signal })) as Row<E>[];
      } catch (err) {
        // Thrown rather than cached as [] for a minute: the next use asks again.
        if (isOfflineError(err)) throw err;
        return [];
      }
    },
  });
  const rows = q.data ?? [];
  return { rows, options: l ? rows.map(l.toOption) : [], loading: q.isFetching, ...queryOffline(q) };
}

/** "name (number)" as the spec shows companies and similar records. */
export const nameNumber = (name: string, number: string) => (name && name !== number ? `${name} (${number})` : number);

export const categoryLookup = lookup(getCategoryList, {}, (r) => ({ value: r.categoryNumber, label: nameNumber(r.category, r.categoryNumber) }));
export const modelLookup = lookup(getProductModList, {}, (r) => ({ value: r.productModNa, label: nameNumber(r.productMod, r.productModNa) }));
export const colourLookup = lookup(getProductColList, {}, (r) => ({ value: r.productColNa, label: nameNumber(r.productCol, r.productColNa) }));
export const currencyLookup = lookup(getCurrencyList, {}, (r) => ({ value: r.currencyNumber, label: r.currency }));
/** Sales companies (the countries) by number; factories are no country choice (DESIGN §7). */
export const companyLookup = lookup(getCompanyList, { isFactory: IS_FACTORY.sales }, (r) => ({
  value: r.companyNumber,
  label: nameNumber(r.companyName, r.companyNumber),
}));
/** Every company in scope, factories included (users may belong to one). */
export const anyCompanyLookup = lookup(getCompanyList, {}, (r) => ({ value: r.companyNumber, label: nameNumber(r.companyName, r.companyNumber) }));
/** Departments of one company (all in scope when companyNumber is empty). */
export const departmentLookup = (companyNumber: string) =>
  lookup(getDepartmentList, { companyNumber: companyNumber || undefined }, (r) => ({
    value: r.departmentNumber,
    label: r.departmentPath || r.departmentName,
  }));

/** Forms that save ids (department, user): every company in scope, factories included, keyed by id. */
export const companyIdLookup = lookup(getCompanyList, {}, (r) => ({ value: String(r.id), label: nameNumber(r.companyName, r.companyNumber) }));
/** The departments of a company, keyed by id and labelled with their path. */
export const departmentIdLookup = (companyId: string) =>
  lookup(getDepartmentList, { companyId: Number(companyId) || undefined }, (r) => ({ value: String(r.id), label: r.departmentPath || r.departmentName }));
