// Workflow calls (spec part 3 §7). mailsend2 with form type 9 is the forgot-password mail.
import { z } from 'zod';
import { post } from './endpoint';

export const FORGOT_PASSWORD = { formType: 9, formId: 0, checkContent: 'Forget Password', operates: 1 } as const;

const checkPayload = z.object({
  userNumber: z.string().max(100).default(''),
  formType: z.coerce.number().int(),
  formId: z.coerce.number().int().default(0),
  checkContent: z.string().max(1000).default(''),
  operates: z.coerce.number().int().default(0),
  userNumbers: z.string().max(5000).default(''),
  returnOrderNo: z.coerce.number().int().default(0),
  orderNumber: z.string().max(100).default(''),
  sapOrderNumber: z.string().max(100).default(''),
});

/** Public only for the forgot-password form type; the reply is the same whether or not the account exists. */
export const mailSend2 = post('/api/workflow/mailsend2', checkPayload, z.null(), 'public');
