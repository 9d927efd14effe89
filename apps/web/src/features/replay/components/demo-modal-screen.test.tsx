import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { replay } from '../testing-data';
import { DemoModalScreen } from './demo-modal-screen';

beforeAll(() => {
  registerRoutes(['register-new', 'demo']);
});

afterEach(() => {
  cleanup();
});

async function openDialog(path = '/demo/modal') {
  answer('get', '/api/demo/replay/:sport', replay);
  renderWithProviders(<DemoModalScreen />, { path });
  const dialog = await screen.findByRole('dialog', { name: 'Record a pick or bet (demo)' }, { timeout: 5000 });
  return { dialog };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

describe('DemoModalScreen', () => {
  it('opens the form on the newest game of the replay, in demo mode, with a way to join', async () => {
    const { dialog } = await openDialog();
    expect(document.querySelector('[data-page="demo-modal"]')).not.toBeNull();
    expect(within(dialog).getByText('SF @ MIN')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Line')).toHaveValue('4.5');
    expect(within(dialog).getByText(/Nothing is saved here: this is the demo/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/user/register-new');
  });

  it('grades a simulated moneyline bet at the replay’s price, and sends nothing', async () => {
    const { dialog } = await openDialog('/demo/modal?event=501');
    expect(within(dialog).getByText('HOU @ IND')).toBeInTheDocument();
    await choose(dialog, 'Mode', 'Bet on');
    await choose(dialog, 'Kind', 'Moneyline');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('130');
    await choose(dialog, 'Side', 'HOU');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('-155');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grade it' }));
    // $100 at −155 wins $64.52; HOU won 29–27.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Won: +$64.52 (final HOU 29 – 27 IND)');
    expect(sentRequests()).toHaveLength(1);
  });

  it('names the field of a bad entry, as the server would', async () => {
    const { dialog } = await openDialog();
    await choose(dialog, 'Mode', 'Bet against');
    await userEvent.clear(within(dialog).getByLabelText('Stake ($)'));
    await userEvent.type(within(dialog).getByLabelText('Stake ($)'), '10.555');
    await userEvent.clear(within(dialog).getByLabelText('Price'));
    await userEvent.type(within(dialog).getByLabelText('Price'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grade it' }));
    expect(within(dialog).getByText('must have at most two decimals (cents)')).toBeInTheDocument();
    expect(within(dialog).getByText('must not lie strictly between -100 and 100')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('closes, and opens again from the page', async () => {
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open the pick form' }));
    expect(await screen.findByRole('dialog', { name: 'Record a pick or bet (demo)' })).toBeInTheDocument();
  });
});
