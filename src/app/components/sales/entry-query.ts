// The query of the sales entry forms (spec part 1 §2): id, operate (add, edit, copy, query) and readonly, read
// case-insensitively; query mode and readonly=true make the form read-only.
import { queryParam } from '@/app/components/crud/form-logic';

export type Operate = 'add' | 'edit' | 'copy' | 'query';

export interface EntryQuery {
  /** 0 adds. */
  id: number;
  operate: Operate;
  readOnly: boolean;
  /** Any other parameter by name, case-insensitively ('' when missing). */
  get(name: string): string;
}

const OPERATES: readonly Operate[] = ['add', 'edit', 'copy', 'query'];

export function readEntryQuery(params: URLSearchParams, keyParam = 'id'): EntryQuery {
  const get = (name: string) => queryParam(params, name).trim();
  const raw = get(keyParam);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const asked = get('operate').toLowerCase() as Operate;
  // Without an explicit operate, an id names a record to edit; none adds.
  const operate: Operate = OPERATES.includes(asked) ? asked : id ? 'edit' : 'add';
  const readOnly = operate === 'query' || get('readonly').toLowerCase() === 'true';
  return { id, operate, readOnly, get };
}

/** A year or month query value as a number within range, else null. */
export function intParam(v: string, min: number, max: number): number | null {
  if (!/^\d{1,4}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}
