import { describe, expect, it } from 'vitest';
import { gamesChannel, LIVE_MAX_CHANNELS, LiveClientFrame, memberChannel } from './live.js';

describe('live frames', () => {
  it("takes a sport's week and a member's channel, and nothing else", () => {
    const channels = [gamesChannel('baseball_mlb', 2025, 27), memberChannel(42)];
    expect(LiveClientFrame.parse({ type: 'subscribe', channels })).toEqual({ type: 'subscribe', channels });
    for (const channel of [
      'games:hockey_nhl:2025:3',
      'games:americanfootball_nfl:2025',
      'games:americanfootball_nfl:25:3',
      'member:',
      'member:me',
      'chat:12',
      'member:1\n',
    ]) {
      const parsed = LiveClientFrame.safeParse({ type: 'subscribe', channels: [channel] });
      expect(parsed.success, channel).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['channels', 0]);
    }
  });

  it(`names between one and ${LIVE_MAX_CHANNELS} channels a frame`, () => {
    const many = Array.from({ length: LIVE_MAX_CHANNELS + 1 }, (_, week) =>
      gamesChannel('americanfootball_nfl', 2025, week),
    );
    expect(LiveClientFrame.safeParse({ type: 'unsubscribe', channels: many.slice(1) }).success).toBe(true);
    expect(LiveClientFrame.safeParse({ type: 'unsubscribe', channels: many }).success).toBe(false);
    expect(LiveClientFrame.safeParse({ type: 'subscribe', channels: [] }).success).toBe(false);
  });
});
