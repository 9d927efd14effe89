import {
  ErrorBody,
  errorResponses,
  ListSyncBetsQuery,
  SyncAccountParams,
  SyncBetListResponse,
  SyncBetParams,
  SyncBetCandidatesResponse,
  SyncBetResponse,
  SyncMatchBody,
  SyncSlipsBody,
  SyncSummaryResponse,
  SyncUploadBody,
  SyncUploadQuery,
} from '@pass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import {
  decodeExport,
  MAX_EXPORT_BYTES,
  readBetHistorySteps,
  readGivingTurns,
  UnreadableExport,
  type BetHistory,
} from '../../providers/sportsbooks/index.js';
import { requireSession, type AuthDeps } from '../auth/auth-context.js';
import type { SyncAccountRow } from './sync-accounts.repository.js';
import { dismissSyncBet, importSyncSlips, limitSyncWrites, listMemberSyncBets } from './sync-import.service.js';
import { listSyncBetCandidates, matchSyncBetByHand, rematchRejectedSyncBets } from './sync-rematch.service.js';
import { authorizeSyncWrite } from './sync-tokens.service.js';

export interface SyncImportRoutesOptions extends AuthDeps {
  now: Clock;
  /** Gives the event loop a turn between the steps of a large sync (lib/event-loop.ts); tests watch it. */
  yieldTurn: () => Promise<void>;
}

const tags = ['sync'];
const memberErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * The account a sync call writes to: the caller's own linked account through their session, or the account of
 * the bet-sync token sent (another's is not found), if it syncs now.
 */
async function requireWritableAccount(
  deps: SyncImportRoutesOptions,
  request: FastifyRequest,
  accountId: string,
): Promise<SyncAccountRow> {
  return (await authorizeSyncWrite(deps, request, accountId)).account;
}

/**
 * Finds the account before the body is read (an upload) or checked (slips): someone else's account is a 404
 * whatever was sent, and a file for an account that may not sync is never read. A malformed id is left to the
 * schema's 400. Then counts the write against the account's and the member's limits, so a burst is refused
 * (429) before its body costs anything.
 */
const accountOf = new WeakMap<FastifyRequest, SyncAccountRow>();
function findAccountFirst(deps: SyncImportRoutesOptions) {
  return async (request: FastifyRequest) => {
    const params = SyncAccountParams.safeParse(request.params);
    if (!params.success) return;
    const account = await requireWritableAccount(deps, request, params.data.accountId);
    await limitSyncWrites(deps.limiter, account);
    accountOf.set(request, account);
  };
}

/** The account `findAccountFirst` found for this request. */
function accountFound(request: FastifyRequest): SyncAccountRow {
  const account = accountOf.get(request);
  if (!account) throw AppError.notFound('No linked sportsbook account');
  return account;
}

/**
 * After a sync, the member's earlier rejected bets are tried again: games may have been stored since they came
 * (an import that ran on another instance or the admin's). The answer is the sync's own; the bets matched now show
 * in the member's list.
 */
async function rematchAfterSync(db: SyncImportRoutesOptions['db'], request: FastifyRequest, userId: number, at: Date) {
  try {
    await rematchRejectedSyncBets(db, at, { userId });
  } catch (error) {
    // The sync itself is committed; the next sync or import tries these bets again.
    request.log.warn({ err: error }, 'matching rejected synced bets again failed');
  }
}

const unreadable = (error: unknown): never => {
  if (error instanceof UnreadableExport) throw AppError.badRequest('body', error.message);
  throw error;
};

/**
 * Sportsbook sync's writes (an export file, a batch of bet slips) and the member's synced bets (decision 051).
 */
export const syncImportRoutes: FastifyPluginAsyncZod<SyncImportRoutesOptions> = async (app, deps) => {
  const { db, now, yieldTurn } = deps;

  // The upload's body is the file: read as bytes up to 10 MB (a larger one is refused as it arrives, with
  // nothing kept), then decoded as UTF-8 or refused. Only this plugin's routes read bodies this way.
  await app.register(async (plain) => {
    const uploads = plain.withTypeProvider<ZodTypeProvider>();
    uploads.removeContentTypeParser(['application/json', 'text/plain']);
    uploads.addContentTypeParser(['text/csv', 'application/json', 'text/plain'], (request, payload, done) => {
      const tooLarge = () =>
        AppError.badRequest('body', `the file is larger than ${MAX_EXPORT_BYTES} bytes (10 MB): split the export`);
      const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
        done(
          AppError.badRequest(
            'content-type',
            `the charset ${charset.slice(0, 20)} is not UTF-8: send the file as UTF-8`,
          ),
        );
        return;
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_EXPORT_BYTES) {
        done(tooLarge());
        payload.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let finished = false;
      payload.on('data', (chunk: Buffer) => {
        if (finished) return;
        size += chunk.length;
        if (size > MAX_EXPORT_BYTES) {
          // The rest still flows in and is dropped, so the refusal is answered without keeping it.
          finished = true;
          chunks.length = 0;
          done(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (finished) return;
        finished = true;
        try {
          done(null, decodeExport(Buffer.concat(chunks)));
        } catch (error) {
          done(error instanceof UnreadableExport ? AppError.badRequest('body', error.message) : (error as Error));
        }
      });
      payload.on('error', (error) => {
        if (finished) return;
        finished = true;
        done(error);
      });
    });

    uploads.post(
      '/api/sync/accounts/:accountId/uploads',
      {
        config: { access: 'member', syncToken: true },
        bodyLimit: MAX_EXPORT_BYTES * 2,
        preParsing: findAccountFirst(deps),
        schema: {
          tags,
          summary:
            "Syncs a sportsbook's bet-history export (DraftKings' or FanDuel's CSV, or bet slips as JSON) to the " +
            'account: the file is the body, UTF-8, at most 10 MB',
          consumes: ['text/csv', 'application/json'],
          params: SyncAccountParams,
          querystring: SyncUploadQuery,
          body: SyncUploadBody,
          response: { 200: SyncSummaryResponse, ...memberErrors },
        },
      },
      async (request, reply) => {
        const account = accountFound(request);
        let history: BetHistory;
        try {
          // Read in steps with the event loop's turn between them: the server answers others meanwhile.
          history = await readGivingTurns(readBetHistorySteps(request.body), yieldTurn);
        } catch (error) {
          return unreadable(error);
        }
        if (history.rows === 0) throw AppError.badRequest('body', 'the file holds no bets');
        const summary = await importSyncSlips(db, {
          account,
          history,
          content: request.body,
          fileName: request.query.file_name,
          now: now(),
          yieldTurn,
        });
        await rematchAfterSync(db, request, account.userId, now());
        return reply.headers(noStore).send({ data: summary });
      },
    );
  });

  app.post(
    '/api/sync/accounts/:accountId/slips',
    {
      config: { access: 'member', syncToken: true },
      preValidation: findAccountFirst(deps),
      schema: {
        tags,
        summary:
          'Syncs bet slips from the bet-sync client to the account; the same batch_key again answers the first ' +
          'sync and stores nothing',
        params: SyncAccountParams,
        body: SyncSlipsBody,
        response: { 200: SyncSummaryResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const account = accountFound(request);
      const { batch_key: batchKey, slips } = request.body;
      const summary = await importSyncSlips(db, {
        account,
        history: { format: 'json', slips, rowErrors: [], rows: slips.length },
        content: JSON.stringify(request.body),
        batchKey,
        now: now(),
        yieldTurn,
      });
      await rematchAfterSync(db, request, account.userId, now());
      return reply.headers(noStore).send({ data: summary });
    },
  );

  app.get(
    '/api/sync/bets',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "The caller's synced bets, newest first: matched to a ledger entry, or rejected with the reason, with the " +
          "book's result beside PA$$'s",
        querystring: ListSyncBetsQuery,
        response: { 200: SyncBetListResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.headers(noStore);
      return listMemberSyncBets(db, session.user.id, request.query);
    },
  );

  app.post(
    '/api/sync/bets/:betId/dismiss',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Sets a rejected synced bet aside (it leaves the list of bets to fix)',
        params: SyncBetParams,
        response: { 200: SyncBetResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.headers(noStore);
      return { data: await dismissSyncBet(db, session.user.id, request.params.betId, now()) };
    },
  );

  app.get(
    '/api/sync/bets/:betId/candidates',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'The stored games each leg of a synced bet could be on, to choose from: of the leg’s sport, from 6 hours ' +
          'before the bet was placed to 7 days after (and around the start the book gave), the teams it named first',
        params: SyncBetParams,
        response: { 200: SyncBetCandidatesResponse, ...memberErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.headers(noStore);
      return { data: await listSyncBetCandidates(db, session.user.id, request.params.betId) };
    },
  );

  app.post(
    '/api/sync/bets/:betId/match',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Matches a rejected synced bet to the games (and teams) the member chose, one per leg in the slip’s ' +
          'order: placed, graded and linked as a matched sync',
        params: SyncBetParams,
        body: SyncMatchBody,
        response: { 200: SyncBetResponse, ...memberErrors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.headers(noStore);
      return { data: await matchSyncBetByHand(db, session.user.id, request.params.betId, request.body, now()) };
    },
  );
};
