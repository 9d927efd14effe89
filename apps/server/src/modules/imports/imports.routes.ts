import {
  AdminImportRunParams,
  AdminImportRunResponse,
  AdminImportSourceParams,
  AdminImportsResponse,
  AdminImportStartResponse,
  AdminLiveSourceParams,
  AdminLiveSourceUpdate,
  ErrorBody,
  LiveSourceStatus,
  errorResponses,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { requireAdmin, type AuthDeps } from '../auth/auth-context.js';
import type { RoomNotices } from '../chat/room-notices.service.js';
import { getImportRun, ImportJobRunner, listImportSources } from './admin-imports.service.js';
import { createLiveSources } from './live-sources.js';
import { setLiveSourceEnabled } from './source-polls.service.js';

const adminErrors = { 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, ...errorResponses };

/** The admin's import screen: sources with their last runs, re-running one, following a run. */
export const importsRoutes: FastifyPluginAsyncZod<AuthDeps & { now: Clock; roomNotices?: RoomNotices }> = async (
  app,
  deps,
) => {
  const { db, config } = deps;
  const runner = new ImportJobRunner(db, {
    clock: deps.now,
    oddsApiKey: config.oddsApiKey,
    oddsApiUrl: config.oddsApiUrl,
    espnApiUrl: config.espnApiUrl,
    mlbStatsapiUrl: config.mlbStatsapiUrl,
    nflverseGamesUrl: config.nflverseGamesUrl,
    outbound: config.outbound,
    log: (message) => app.log.info(message),
    onFailure: (source, error) =>
      app.log.warn({ source, err: error }, `admin import of ${source} failed (recorded on its run)`),
    // An import grades the games it changed: the pools' rooms hear of it (decision 041).
    onFinished: () => void deps.roomNotices?.run({ newResults: true }),
  });
  // The live sources as the scheduler polls them: here for their state and the admin's switch.
  const liveSources = createLiveSources(config);
  // Close waits for running imports: the database is closed right after.
  app.addHook('onClose', async () => runner.idle());

  app.get(
    '/api/admin/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Each import source with its last run, last success, last error and counts, and the scheduled jobs (admin)',
        response: { 200: AdminImportsResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return listImportSources(db, config.refresh, {
        sources: liveSources,
        oddsApiConfigured: Boolean(config.oddsApiKey),
        cfbdConfigured: Boolean(config.cfbdApiKey),
        now: deps.now(),
      });
    },
  );

  app.patch(
    '/api/admin/imports/live/:key',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Switches a live source off (it is not polled) or on again (polled at once) (admin)',
        params: AdminLiveSourceParams,
        body: AdminLiveSourceUpdate,
        response: { 200: LiveSourceStatus, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return setLiveSourceEnabled(db, liveSources, request.params.key, request.body.enabled);
    },
  );

  app.post(
    '/api/admin/imports/:source',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Re-runs an import (file sources read their reference files); answers with the run id (admin)',
        params: AdminImportSourceParams,
        response: { 202: AdminImportStartResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      const runId = await runner.start(request.params.source, 'admin');
      return reply.code(202).send({ run_id: runId, source: request.params.source, status: 'running' });
    },
  );

  app.get(
    '/api/admin/imports/runs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "An import run's status and, while it runs, its progress (admin)",
        params: AdminImportRunParams,
        response: { 200: AdminImportRunResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      reply.header('cache-control', 'no-store');
      return getImportRun(db, runner, request.params.id);
    },
  );
};
