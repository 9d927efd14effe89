import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { bookEvent } from '../../../testing/ledger-fixtures';
import { BetForm } from './bet-form';

afterEach(() => {
  cleanup();
});

async function choose(label: string, option: string | RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('BetForm: the type follows the line', () => {
  it('sets favoured or underdog from the spread typed, as the server requires', async () => {
    // The server's clock: two days before the fixture game's kickoff, so the game is still open.
    answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: '2025-11-21T12:00:00.000Z' });
    answer('get', '/api/book/events/americanfootball_nfl', {
      sport: 'americanfootball_nfl',
      season: 2025,
      week: {
        number: 12,
        label: 'Week 12',
        season_type: 'regular',
        start: '2025-11-20',
        end: '2025-11-24',
        games: 1,
      },
      // The season's last week: the form asks for no week after it.
      next_week: null,
      book: null,
      events: [bookEvent],
    });
    renderWithProviders(<BetForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game' })).not.toHaveAttribute('aria-disabled'), {
      timeout: 5000,
    });
    await choose('Game', /BUF @ KC/);
    // KC's quote is −3: favoured.
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Favored');
    const line = screen.getByLabelText('Line');
    fireEvent.change(line, { target: { value: '6.5' } });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Underdog');
    fireEvent.change(line, { target: { value: '-1' } });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Favored');
    expect(sentRequests({ path: '/api/book/events/americanfootball_nfl/13' })).toEqual([]);
  });
});
