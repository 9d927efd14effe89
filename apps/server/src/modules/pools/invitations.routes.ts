import {
  AcceptInvitationBody,
  ErrorBody,
  errorResponses,
  InvitationListResponse,
  InvitationResponse,
  InviteBody,
  InviteManyBody,
  InviteManyResponse,
  PoolInvitationRefusalsQuery,
  PoolInvitationRefusalsResponse,
  PoolMemberParams,
  PoolParams,
  PoolResponse,
  ShareLinkResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, requireAdmin, requireSession } from '../auth/auth-context.js';
import { memberLeft } from '../chat/chat.service.js';
import {
  accept,
  invite,
  inviteMany,
  leave,
  listInvitationRefusals,
  listInvitations,
  makeShareLink,
  removeGuest,
} from './invitations.service.js';
import type { PoolsRoutesOptions } from './pools.routes.js';
import { poolLimits } from './pools.service.js';

const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const noStore = { 'cache-control': 'no-store' };
const Done = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * Who is in a pool (DESIGN.md section 6): the Lifeguard's invitations and shareable link, joining with one,
 * leaving, and the Lifeguard removing a guest; and the admin's list of invitations refused over the
 * per-address limit.
 */
export const invitationsRoutes: FastifyPluginAsyncZod<PoolsRoutesOptions> = async (app, options) => {
  const { db, now, chat } = options;
  const invitations = {
    db,
    limits: poolLimits(options.config.poolMaxPerLifeguard),
    mailer: options.mailer,
    publicUrl: options.config.publicUrl,
  };

  app.post(
    '/api/pools/:id/invitations',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Invites an email address to the pool (its Lifeguard): mailed with the accept link. 409 with the reason: ' +
          'pool_ended, joining_closed, pool_full, already_member, or invitation_limit (a fourth invitation to the ' +
          "same address from this Lifeguard, recorded for the admin); 429 past the Lifeguard's invitations an hour " +
          'or a day, with Retry-After',
        params: PoolParams,
        body: InviteBody,
        response: { 201: InvitationResponse, ...memberErrors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const invitation = await invite(invitations, {
        poolId: request.params.id,
        userId: session.user.id,
        username: session.user.username,
        email: request.body.email,
        now: now(),
        audit: auditContext(request),
      });
      return reply.code(201).headers(noStore).send({ data: invitation });
    },
  );

  app.post(
    '/api/pools/:id/invitations/many',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'Invites a pasted list of addresses to the pool (its Lifeguard): commas, semicolons or lines, each an ' +
          'address or "Name <address>", at most 25. Each entry answered in order: sent, invalid, listed_earlier, ' +
          'already_member, pool_full, invitation_limit, rate_limited (past the invitations an hour or a day), ' +
          'pool_ended, pool_suspended or joining_closed',
        params: PoolParams,
        body: InviteManyBody,
        response: { 200: InviteManyResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const results = await inviteMany(invitations, {
        poolId: request.params.id,
        userId: session.user.id,
        username: session.user.username,
        addresses: request.body.addresses,
        now: now(),
        audit: auditContext(request),
      });
      return reply.headers(noStore).send({ data: { results } });
    },
  );

  app.get(
    '/api/pools/:id/invitations',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: "The pool's invitations and links, newest first (its Lifeguard)",
        params: PoolParams,
        response: { 200: InvitationListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      reply.headers(noStore);
      return listInvitations(db, { poolId: request.params.id, userId: session.user.id });
    },
  );

  app.post(
    '/api/pools/:id/link',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          'A new shareable link to join the pool (its Lifeguard), shown once; the one before stops working. It ' +
          'works until joining closes',
        params: PoolParams,
        response: { 201: ShareLinkResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const link = await makeShareLink(invitations, { poolId: request.params.id, userId: session.user.id, now: now() });
      return reply.code(201).headers(noStore).send({ data: link });
    },
  );

  app.post(
    '/api/pools/accept',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary:
          "Joins a pool with an invitation's token (a visitor signs up first). 404 for an unknown token; 409 with " +
          'the reason: pool_ended, removed, used, revoked, joining_closed, expired or pool_full',
        body: AcceptInvitationBody,
        response: { 200: PoolResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(options, request);
      const pool = await accept(invitations, { userId: session.user.id, token: request.body.token, now: now() });
      return reply.headers(noStore).send({ data: pool });
    },
  );

  app.post(
    '/api/pools/:id/leave',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'The caller leaves the pool (a guest; the Lifeguard ends it instead)',
        params: PoolParams,
        response: { 200: Done, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const memberId = await leave(db, { poolId: request.params.id, userId: session.user.id, now: now() });
      await memberLeft(chat, request.params.id, memberId);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/api/pools/:id/members/:memberId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['pools'],
        summary: 'Removes a guest from the pool (its Lifeguard); a removed guest cannot rejoin',
        params: PoolMemberParams,
        response: { 200: Done, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, memberId: request.params.memberId };
      await removeGuest(db, { ...input, now: now() });
      await memberLeft(chat, input.poolId, input.memberId);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/admin/pool-invitation-refusals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Invitations refused because the Lifeguard had sent the address the most allowed, newest first, with ' +
          'the pool and the Lifeguard’s refusals in all (admin); `before`: the `next_before` of the page before',
        querystring: PoolInvitationRefusalsQuery,
        response: { 200: PoolInvitationRefusalsResponse, 401: ErrorBody, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireAdmin(options, request);
      reply.headers(noStore);
      return listInvitationRefusals(db, request.query, now());
    },
  );
};
