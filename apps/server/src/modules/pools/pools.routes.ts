import {
  CreatePoolBody,
  ErrorBody,
  errorResponses,
  PoolListResponse,
  PoolParams,
  PoolResponse,
  UpdatePoolBody,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import { createPool, endPool, getPool, listPools, poolLimits, updatePoolSettings } from './pools.service.js';

export interface PoolsRoutesOptions extends AuthDeps {
  /** The server clock that decides locks and joining (decision 020). */
  now: Clock;
}

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * Pool Party (DESIGN.md section 6): a member's pools. Every route is a member's; what a pool holds answers
 * only to its current members (anyone else: 404), and the Lifeguard's actions to its Lifeguard (a guest: 403).
 */
export const poolsRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const limits = poolLimits(options.config.poolMaxPerLifeguard);

  app.post(
    '/api/pools',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Creates a pool with the caller as its Lifeguard (400 with each setting the pool rules refuse and why; ' +
          '409 at the most active pools a Lifeguard may host)',
        body: CreatePoolBody,
        response: { 201: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const pool = await createPool({ db, limits }, { userId: session.user.id, body: request.body, now: now() });
      return reply.code(201).headers(noStore).send({ data: pool });
    },
  );

  app.get(
    '/api/pools',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'The pools the caller is in (as Lifeguard or guest), newest first',
        response: { 200: PoolListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listPools(db, session.user.id, now());
    },
  );

  app.get(
    '/api/pools/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'One of the caller’s pools with its members (404 for anyone not in it)',
        params: PoolParams,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return { data: await getPool(db, request.params.id, session.user.id, now()) };
    },
  );

  app.patch(
    '/api/pools/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Changes the pool's settings (its Lifeguard): name and icon at any time, the scoring rules until the " +
          "pool's first game locks",
        params: PoolParams,
        body: UpdatePoolBody,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, body: request.body, now: now() };
      return { data: await updatePoolSettings(db, input) };
    },
  );

  app.post(
    '/api/pools/:id/end',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Ends the pool (its Lifeguard, at any time): closed from now on',
        params: PoolParams,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      return { data: await endPool(db, { poolId: request.params.id, userId: session.user.id, now: now() }) };
    },
  );
};
