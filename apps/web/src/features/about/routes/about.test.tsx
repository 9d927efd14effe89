import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import AboutRoute from './about';

describe('the About page', () => {
  it('names the sources of the history and gives Retrosheet’s notice as Retrosheet requires it', () => {
    render(
      <MemoryRouter>
        <AboutRoute />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Where the history comes from' })).toBeInTheDocument();
    expect(screen.getByText(/nflverse/)).toBeInTheDocument();
    expect(screen.getByTestId('retrosheet-notice')).toHaveTextContent(
      'The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested parties may contact Retrosheet at "www.retrosheet.org".',
    );
  });
});
