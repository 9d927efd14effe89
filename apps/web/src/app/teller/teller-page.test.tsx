import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../testing/api-server';
import { renderWithProviders } from '../../testing/render';
import TellerPage from './teller-page';

afterEach(() => {
  cleanup();
});

describe('the teller page', () => {
  it("shows the paper bankroll, then the ledger's parlay builder and what a parlay answers to", async () => {
    answer('get', '/api/teller', {
      data: {
        start_cents: 100000,
        balance_cents: 100000,
        open_stakes_cents: 0,
        available_cents: 100000,
        open: [],
        history: [],
      },
    });
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2025,
      week: null,
      book: null,
      events: [],
    });
    renderWithProviders(<TellerPage />);
    expect(await screen.findByRole('heading', { name: 'Teller', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Build a parlay' })).toBeInTheDocument();
    expect(
      screen.getByText('A parlay goes in your ledger (My Bets), real or simulated, not against this paper bankroll.'),
    ).toBeInTheDocument();
  });
});
