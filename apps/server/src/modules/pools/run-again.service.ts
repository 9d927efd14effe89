import type { RunAgainResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import { canJoin, validatePoolSettings, type PoolLimits } from '@pass/domain';
import { AppError } from '../../errors.js';
import { recordAuditEvent, type AuditContext } from '../audit/audit.service.js';
import type { Mailer } from '../mail/mailer.js';
import { inviteWithin, recordInvitationRefused, type InviteOutcome } from './invitations.service.js';
import * as repository from './pools.repository.js';
import {
  factsOf,
  getPool,
  refuseOverLimit,
  requireLifeguard,
  seasonOver,
  settingsOf,
  statusOf,
  refuseSuspended,
} from './pools.service.js';

/**
 * "Run it again next season" (decision 030): a pool whose season is over (completed, or ended by its
 * Lifeguard) starts again as next season's pool, with the same settings from the season's first week, and
 * every current member of the old pool invited through the invitation path and its limits. A pool is run
 * again once: a retry answers the pool the first request made.
 */

export interface RunAgainContext {
  db: Database;
  limits: PoolLimits;
  mailer: Mailer;
  publicUrl: string;
}

function conflict(reason: string, message: string): never {
  throw new AppError('CONFLICT', message, [{ field: 'params.id', message, reason }]);
}

export async function runAgain(
  context: RunAgainContext,
  input: { poolId: number; userId: number; name: string; now: Date; audit: AuditContext },
): Promise<{ created: boolean; body: RunAgainResponse }> {
  const { db } = context;
  const { now } = input;
  const outcome = await db.transaction(async (tx) => {
    // The Lifeguard's row, then the pool's, as inviting does: a retried click waits for the first to finish.
    await repository.lockLifeguard(tx, input.userId);
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId, { lock: 'update' });
    // A suspended pool invites no one, next season's pool included (decision 049).
    refuseSuspended(pool);
    const before = await repository.nextSeasonPool(tx, input.userId, pool.id);
    if (before) return { nextPoolId: before.id, invited: null };

    const facts = (await factsOf(tx, [pool.id], [pool])).get(pool.id)!;
    if (!seasonOver(statusOf(pool, facts, now))) {
      conflict('season_not_over', 'This pool’s season is not over yet: run it again once it is completed or ended');
    }
    // Next season from its first week: the old pool's late start was its own season's.
    const settings = { ...settingsOf(pool), season: pool.season + 1, startWeek: 1 };
    if (validatePoolSettings(settings).length > 0 || !canJoin(settings, now)) {
      conflict(
        'next_season_closed',
        `The ${settings.season} season is already past its first week: no one could join. Start a pool for a later season instead`,
      );
    }
    await refuseOverLimit(tx, input.userId, context.limits, now, 'params.id');

    const next = await repository.insertPool(tx, { lifeguardId: input.userId, ...settings }, now);
    await repository.insertMember(tx, { poolId: next.id, userId: input.userId, role: 'lifeguard', joinedAt: now });
    const guests = (await repository.currentMemberAccounts(tx, pool.id)).filter(
      (member) => member.userId !== input.userId,
    );
    const invited: { username: string; email: string; outcome: InviteOutcome }[] = [];
    for (const guest of guests) {
      const email = guest.email.toLowerCase();
      const result = await inviteWithin(tx, context, {
        pool: next,
        inviterId: input.userId,
        inviterName: input.name,
        email,
        now,
      });
      invited.push({ username: guest.username, email, outcome: result });
    }
    await recordAuditEvent(tx, input.audit, 'pool_run_again', input.userId, {
      poolId: pool.id,
      nextPoolId: next.id,
      invited: invited.filter((item) => !('refused' in item.outcome)).length,
    });
    return { nextPoolId: next.id, invited };
  });

  if (outcome.invited !== null) {
    for (const { email, outcome: result } of outcome.invited) {
      if ('refused' in result) {
        if (result.refused === 'invitation_limit') {
          await recordInvitationRefused(db, input.audit, { userId: input.userId, poolId: outcome.nextPoolId, email });
        }
      } else {
        // Into the outbox once the invitations are stored, as a single invitation is.
        await context.mailer.send(db, result.mail);
      }
    }
  }
  const data = await getPool(db, outcome.nextPoolId, input.userId, now);
  const invitations =
    outcome.invited === null
      ? null
      : {
          sent: outcome.invited
            .filter((item) => !('refused' in item.outcome))
            .map((item) => ({ username: item.username })),
          refused: outcome.invited.flatMap((item) =>
            'refused' in item.outcome
              ? [{ username: item.username, reason: item.outcome.refused, message: item.outcome.message }]
              : [],
          ),
        };
  return { created: outcome.invited !== null, body: { data, invitations } };
}
