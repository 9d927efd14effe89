import {
  AcceptInvitationBody,
  ErrorBody,
  errorResponses,
  InvitationListResponse,
  InvitationResponse,
  InviteBody,
  InviteManyBody,
  InvitationPreviewResponse,
  InviteManyResponse,
  JoinedWithNewAccountResponse,
  JoinVerificationSentResponse,
  JoinWithNewAccountBody,
  PoolInvitationRefusalsQuery,
  PoolInvitationRefusalsResponse,
  PoolMemberParams,
  PoolParams,
  PoolResponse,
  ShareLinkResponse,
} from '@pass/contracts';
import { displayName } from '@pass/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, getSession, requireAdmin, requireSession, setSessionCookie } from '../auth/auth-context.js';
import { SESSION_COOKIE } from '../auth/sessions.service.js';
import { memberLeft } from '../chat/chat.service.js';
import {
  accept,
  invite,
  inviteMany,
  joinWithNewAccount,
  leave,
  listInvitationRefusals,
  listInvitations,
  makeShareLink,
  previewInvitation,
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
        name: displayName(session.user),
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
        name: displayName(session.user),
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
          'the reason: pool_ended, removed (a removed guest with an invitation made before the removal), used, ' +
          'revoked, joining_closed, expired or pool_full',
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
    '/api/pools/invitation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pools'],
        summary:
          "What an invitation's token invites to, for its page (anyone with the token): the pool, its Lifeguard and " +
          'rules, the invited address while it can be used, why it cannot (`refusal`), and whether the signed-in ' +
          'caller is a member already. 404 for an unknown token. The token goes in the body, out of logged URLs',
        body: AcceptInvitationBody,
        response: { 200: InvitationPreviewResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await getSession(options, request);
      reply.headers(noStore);
      const preview = await previewInvitation(invitations, {
        token: request.body.token,
        userId: session?.user.id ?? null,
        now: now(),
      });
      return { data: preview };
    },
  );

  app.post(
    '/api/pools/accept/new-account',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pools'],
        summary:
          "A visitor creates their account on an invitation's page, under sign-up's rules. For the invited address " +
          '(no `email`, or the same): 201, the address confirmed by the token, signed in (session cookie) and a ' +
          'member of the pool. For another address: 202, its confirmation mail sent as sign-up sends it, nothing ' +
          'joined. 404 for an unknown token; 409 with the reason: the invitation (used, revoked, expired, ' +
          'joining_closed, pool_full, pool_ended, pool_suspended) or the address (already_member, account_exists, ' +
          "account_suspended); 429 past the source's tries, with Retry-After",
        body: JoinWithNewAccountBody,
        response: {
          201: JoinedWithNewAccountResponse,
          202: JoinVerificationSentResponse,
          ...errorResponses,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await joinWithNewAccount(
        { ...invitations, auth: options },
        {
          body: request.body,
          ip: request.ip,
          currentSession: request.cookies[SESSION_COOKIE],
          now: now(),
          audit: auditContext(request),
        },
      );
      reply.headers(noStore);
      if (result.status === 'verification_sent') {
        return reply.code(202).send({ data: { status: result.status, email: result.email } });
      }
      setSessionCookie(reply, options.config, result.sessionId);
      return reply.code(201).send({ data: { user: result.user, pool: result.pool } });
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
        summary:
          'Removes a guest from the pool (its Lifeguard; never the Lifeguard, 409 reason lifeguard): the guest loses ' +
          'the pool at once (its pages, chat and sockets) and is told by mail; their past weeks stay in the record, ' +
          'marked removed. An invitation made after the removal lets them back while joining is open',
        params: PoolMemberParams,
        response: { 200: Done, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(options, request);
      const input = { poolId: request.params.id, userId: session.user.id, memberId: request.params.memberId };
      await removeGuest(invitations, { ...input, name: displayName(session.user), now: now() });
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
