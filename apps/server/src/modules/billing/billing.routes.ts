import { BillingUserResponse, ErrorBody } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';

export const billingRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    '/billing/user',
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: "The member's billing id",
        response: { 200: BillingUserResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      return { data: { billing_id: session.user.billingId } };
    },
  );
};
