// Method and path of the endpoints the sign-in screen calls, without schemas. The contracts in user.ts, menu.ts and
// workflow.ts are built on these (each path is written only here); the login route imports this module instead of
// them, so zod and the other contracts stay out of the first download.

export interface Route {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
}

export const identityRoutes = {
  getUser: { method: 'POST', path: '/api/user/getuser' },
  login: { method: 'POST', path: '/api/user/login' },
  getMenusByUser: { method: 'GET', path: '/api/menu/getmenusbyuser' },
  mailSend2: { method: 'POST', path: '/api/workflow/mailsend2' },
} as const satisfies Record<string, Route>;

/** mailsend2's form of the forgot-password mail. */
export const FORGOT_PASSWORD = { formType: 9, formId: 0, checkContent: 'Forget Password', operates: 1 } as const;
