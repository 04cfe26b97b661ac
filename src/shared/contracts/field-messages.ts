// Field-level validation messages, shared by both sides: the form shows them under its inputs, and the server's
// 400 validationError reply lists them per field (FieldError), so a refusal the form did not foresee lands on its input.
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

/** One entry of a 400 validationError reply's data: the field's path (a.b.0), its message key and the key's parameters. */
export interface FieldError {
  field: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The first message of each field of a failed parse, in the order zod reports them. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const m = issueMessage(issue);
    out.push({ field, message: m.key, ...(m.params ? { params: m.params } : {}) });
  }
  return out;
}

/** The translation key of a field error's message: a full key as it is, a bare kind ('disabled', 'notFound: X1,X2')
 * under crud.validation, the way schema refinements name theirs. */
export const fieldMessageKey = (message: string) => (/^[a-z]+\.[\w.]+$/i.test(message) ? message : `crud.validation.${message.split(':')[0].trim()}`);

/** The kinds the server's own reference checks report (a record named by a field that is missing, disabled, ...). */
export const SERVER_FIELD_KINDS = ['required', 'notFound', 'disabled', 'notInCompany', 'self'] as const;
export type ServerFieldKind = (typeof SERVER_FIELD_KINDS)[number];
