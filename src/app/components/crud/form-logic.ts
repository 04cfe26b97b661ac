// Pure helpers of the form pages (unit-tested): add/edit mode from the key parameter, case-insensitive query parameters.

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
