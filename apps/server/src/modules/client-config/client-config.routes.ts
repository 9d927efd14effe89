import { ClientConfigResponse } from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../env.js';

export const clientConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: ClientConfigResponse = {
    supportEmail: config.supportEmail,
    appStoreUrl: config.appStoreUrl ?? null,
    playStoreUrl: config.playStoreUrl ?? null,
    poolMaxPerLifeguard: config.poolMaxPerLifeguard,
    googleSignIn: config.google !== null,
    paypal: config.paypal ? { clientId: config.paypal.clientId, sdkUrl: config.paypal.sdkUrl } : null,
  };
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['config'],
        summary: 'Public settings the web app reads at start',
        response: { 200: ClientConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
