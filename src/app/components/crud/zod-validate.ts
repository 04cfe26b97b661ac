// Validates form values with the contract's own zod schema (DESIGN §2: one schema serves form, call and route) and
// turns zod issues into translatable messages keyed by form field: crud.validation.<kind> with its parameters.
import type { z } from 'zod';

export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** One zod issue -> a message key under crud.validation. */
export function issueMessage(issue: z.core.$ZodIssue): FieldMessage {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') return min <= 1 ? { key: 'crud.validation.required' } : { key: 'crud.validation.tooShort', params: { min } };
      return { key: 'crud.validation.min', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') return { key: 'crud.validation.tooLong', params: { max } };
      return { key: 'crud.validation.max', params: { max } };
    }
    case 'invalid_type':
      return blank(issue.input) ? { key: 'crud.validation.required' } : { key: 'crud.validation.invalid' };
    case 'invalid_value':
      return blank(issue.input) ? { key: 'crud.validation.required' } : { key: 'crud.validation.invalid' };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'crud.validation.email' } : { key: 'crud.validation.invalid' };
    case 'custom':
      // A refinement names its message: a full key ('validation.passwordLength') or a kind ('required').
      if (/^[a-z]+\.[\w.]+$/i.test(issue.message)) return { key: issue.message };
      return /^\w+$/.test(issue.message) ? { key: `crud.validation.${issue.message}` } : { key: 'crud.validation.invalid' };
    default:
      return { key: 'crud.validation.invalid' };
  }
}

/** Field path as Mantine's form names it: a.b.0 */
export const issuePath = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');

/** Runs the schema on the values: the first message of each field, or {} when valid. */
export function validateWith(schema: z.ZodType, values: unknown): Record<string, FieldMessage> {
  const r = schema.safeParse(values, { reportInput: true });
  if (r.success) return {};
  const out: Record<string, FieldMessage> = {};
  for (const issue of r.error.issues) {
    const p = issuePath(issue);
    if (!(p in out)) out[p] = issueMessage(issue);
  }
  return out;
}
