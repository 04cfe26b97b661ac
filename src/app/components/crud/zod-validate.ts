// Validates form values with the contract's own zod schema (DESIGN §2: one schema serves form, call and route) and
// turns zod issues into translatable messages keyed by form field: crud.validation.<kind> with its parameters.
import type { z } from 'zod';
import { fieldErrors, type FieldMessage } from '@/shared/contracts/field-messages';

export type { FieldMessage };

/** Runs the schema on the values: the first message of each field, or {} when valid. */
export function validateWith(schema: z.ZodType, values: unknown): Record<string, FieldMessage> {
  const r = schema.safeParse(values, { reportInput: true });
  if (r.success) return {};
  return Object.fromEntries(fieldErrors(r.error.issues).map((f) => [f.field, { key: f.message, params: f.params }]));
}
