import type { EventResultBody, EventResultResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import { AppError } from '../../errors.js';
import { announceEventsChanged } from '../live/live.service.js';
import { invalidateSportCache } from '../sports/sports.service.js';
import * as repository from './events.repository.js';
import { gradeEvent } from './grading.service.js';

/**
 * The admin's results: a game finished (or its result cleared) by hand, and its entries graded again in the same
 * transaction; once committed, open screens and the members holding entries on it are told.
 */

/** Sets an event's result (the admin's "finish the game") and grades its entries, in one transaction. */
export async function setEventResult(
  db: Database,
  eventId: number,
  body: EventResultBody,
  now: Date,
): Promise<EventResultResponse['data']> {
  const { event, graded } = await db.transaction(async (tx) => {
    const event = await repository.setEventResult(
      tx,
      eventId,
      {
        status: body.status,
        homeScore: body.status === 'scheduled' ? null : (body.home_score ?? null),
        awayScore: body.status === 'scheduled' ? null : (body.away_score ?? null),
      },
      now,
    );
    if (!event) throw AppError.notFound(`No event ${eventId}`);
    return { event, graded: await gradeEvent(tx, eventId, now) };
  });
  invalidateSportCache(db, event.sport);
  await announceEventsChanged(db, { changed: [event.id] });
  return {
    event_id: event.id,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    graded,
  };
}

/**
 * Clears the result the admin entered on an event (it stood over every import and the demo): the game has no
 * result until the next import or demo run that observes it, and its entries are graded again meanwhile.
 * 404 for an unknown event, and for an event whose result no admin entered.
 */
export async function clearEventResult(db: Database, eventId: number, now: Date): Promise<EventResultResponse['data']> {
  const { event, graded } = await db.transaction(async (tx) => {
    const event = await repository.clearAdminResult(tx, eventId);
    if (!event) {
      const [known] = await repository.listEvents(tx, [eventId]);
      throw AppError.notFound(known ? `Event ${eventId} has no result entered by the admin` : `No event ${eventId}`);
    }
    return { event, graded: await gradeEvent(tx, eventId, now) };
  });
  invalidateSportCache(db, event.sport);
  await announceEventsChanged(db, { changed: [event.id] });
  return {
    event_id: event.id,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    graded,
  };
}
