import {
  CreatedSyncTokenResponse,
  CreateSyncTokenBody,
  ErrorBody,
  errorResponses,
  LinkSyncAccountBody,
  SyncAccountParams,
  SyncAccountResponse,
  SyncAccountsResponse,
  SyncAccountUnlinkedResponse,
  SyncBooksResponse,
  SyncTokenParams,
  SyncTokenResponse,
  SyncTokensResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, requireSession, type AuthDeps } from '../auth/auth-context.js';
import {
  linkSyncAccount,
  listMemberSyncAccounts,
  listSyncBooks,
  requireLinkedAccount,
  unlinkSyncAccount,
} from './sync-accounts.service.js';
import { createSyncToken, listSyncTokens, revokeSyncToken } from './sync-tokens.service.js';

/**
 * The member's sportsbook sync (decision 051): the books to link, the linked accounts with their grace and
 * coverage, and each account's tokens for the bet-sync client. Member calls only: a token reads nothing here.
 */

const tags = ['sync'];
const memberErrors = { ...errorResponses, 401: ErrorBody, 404: ErrorBody };

export const syncAccountsRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    '/api/sync/books',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The sportsbooks a member may link for sync (The Odds API’s current US books)',
        response: { 200: SyncBooksResponse, ...memberErrors },
      },
    },
    async () => ({ data: listSyncBooks() }),
  );

  app.get(
    '/api/sync/accounts',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The member's linked sportsbook accounts, each with its grace, coverage and last sync",
        response: { 200: SyncAccountsResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.header('cache-control', 'no-store');
      return { data: await listMemberSyncAccounts(deps.db, session.user.id, deps.now()) };
    },
  );

  app.post(
    '/api/sync/accounts',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Links a sportsbook (409 when linked already; an unlinked one comes back with its first link date)',
        body: LinkSyncAccountBody,
        response: { 201: SyncAccountResponse, ...memberErrors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      const data = await linkSyncAccount(
        deps.db,
        session.user.id,
        request.body.book,
        deps.now(),
        auditContext(request),
      );
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/api/sync/accounts/:accountId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Unlinks a sportsbook account and revokes its tokens (its bets stay for a relink)',
        params: SyncAccountParams,
        response: { 200: SyncAccountUnlinkedResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      const data = await unlinkSyncAccount(
        deps.db,
        session.user.id,
        request.params.accountId,
        deps.now(),
        auditContext(request),
      );
      return { data };
    },
  );

  app.get(
    '/api/sync/accounts/:accountId/tokens',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "A linked account's bet-sync tokens (never the tokens themselves)",
        params: SyncAccountParams,
        response: { 200: SyncTokensResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      const account = await requireLinkedAccount(deps.db, session.user.id, request.params.accountId);
      reply.header('cache-control', 'no-store');
      return { data: await listSyncTokens(deps.db, account) };
    },
  );

  app.post(
    '/api/sync/accounts/:accountId/tokens',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Makes a bet-sync token for the account, shown once in this answer',
        params: SyncAccountParams,
        body: CreateSyncTokenBody,
        response: { 201: CreatedSyncTokenResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      const account = await requireLinkedAccount(deps.db, session.user.id, request.params.accountId);
      const data = await createSyncToken(deps.db, account, request.body.label, deps.now(), auditContext(request));
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/api/sync/accounts/:accountId/tokens/:tokenId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Revokes a bet-sync token',
        params: SyncTokenParams,
        response: { 200: SyncTokenResponse, ...memberErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      const account = await requireLinkedAccount(deps.db, session.user.id, request.params.accountId);
      const data = await revokeSyncToken(deps.db, account, request.params.tokenId, deps.now(), auditContext(request));
      return { data };
    },
  );
};
