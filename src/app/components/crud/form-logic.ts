// Pure helpers of the form pages (unit-tested): add/edit mode from the key parameter, case-insensitive query parameters,
// and whether a record key can name a record at all.

export type FormMode = 'add' | 'edit';

/** A query parameter by name, case-insensitively (the original sends Id, id, ProductCode ...). */
export function queryParam(params: URLSearchParams, name: string): string {
  const lower = name.toLowerCase();
  for (const [k, v] of params) if (k.toLowerCase() === lower) return v;
  return '';
}

/** The record key of a form URL: '' (or '0') means add. */
export function formMode(key: string): FormMode {
  return key === '' || key === '0' ? 'add' : 'edit';
}

/** The largest id the database holds (int4); a larger one names no record. */
const MAX_ID = 2_147_483_647;

/**
 * Why a detail or edit page's record key names no record, or null when it may: missing, or for an id key (Id, id)
 * anything but a positive integer within int4 (`/UserDetails?id=abc`). The page shows the not-found state at once
 * rather than asking the server with a key it would refuse.
 */
export function recordKeyProblem(key: string, keyParam: string): 'missing' | 'invalid' | null {
  const k = key.trim();
  if (k === '') return 'missing';
  if (/^id$/i.test(keyParam)) {
    if (!/^\d{1,10}$/.test(k)) return 'invalid';
    const n = Number(k);
    if (n < 1 || n > MAX_ID) return n === 0 ? 'missing' : 'invalid';
  }
  return null;
}

/** An edit route (EditProduct, UserEdit, ...) needs a record key; an add route without one adds. */
export const isEditRoute = (routeComponent: string | undefined): boolean => /edit/i.test(routeComponent ?? '');
