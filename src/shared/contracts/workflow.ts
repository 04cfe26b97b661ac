// Workflow calls (spec part 3 §7). mailsend2 with form type 9 is the forgot-password mail.
import { z } from 'zod';
import { onRoute } from './endpoint';
import { FORGOT_PASSWORD, identityRoutes } from './routes';
import { int } from './fields';

export { FORGOT_PASSWORD };

const checkPayload = z.object({
  userNumber: z.string().max(100).default(''),
  formType: int(),
  formId: int().default(0),
  checkContent: z.string().max(1000).default(''),
  operates: int().default(0),
  userNumbers: z.string().max(5000).default(''),
  returnOrderNo: int().default(0),
  orderNumber: z.string().max(100).default(''),
  sapOrderNumber: z.string().max(100).default(''),
});

/** Public only for the forgot-password form type; the reply is the same whether or not the account exists. */
export const mailSend2 = onRoute(identityRoutes.mailSend2, checkPayload, z.null(), 'public');
