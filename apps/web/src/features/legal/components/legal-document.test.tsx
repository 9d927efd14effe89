import { cleanup, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, errorResponse, sentRequest } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import PrivacyRoute from '../routes/privacy';
import TermsRoute from '../routes/terms';
import { LegalDocument } from './legal-document';

afterEach(() => {
  cleanup();
});

const privacy = {
  title: 'Privacy Policy',
  updatedAt: '2026-11-01T00:00:00.000Z',
  htmlContent: '<h2>What we collect</h2><p>Your <strong>picks</strong>, nothing else.</p>',
};

/** A response the test resolves when it chooses. */
function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('LegalDocument', () => {
  it('shows a loading state with the title, then the document', async () => {
    const reply = deferred();
    answer('get', '/legal/:slug', () => reply.promise);
    renderWithProviders(<PrivacyRoute />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Privacy Policy…');
    expect(sentRequest().url.pathname).toBe('/legal/privacy-policy');

    reply.resolve(HttpResponse.json(privacy));
    expect(await screen.findByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the html of the document', async () => {
    answer('get', '/legal/:slug', privacy);
    const { container } = renderWithProviders(<PrivacyRoute />);
    await screen.findByText('picks');
    const text = container.querySelector('.legal-text');
    expect(text).not.toBeNull();
    expect(text!.innerHTML).toBe(privacy.htmlContent);
    expect(screen.getByText('picks').tagName).toBe('STRONG');
  });

  it('shows exactly the failure message of the specification when loading fails', async () => {
    answer('get', '/legal/:slug', () => errorResponse(500, 'INTERNAL', 'Something broke'));
    renderWithProviders(<PrivacyRoute />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load Privacy Policy');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Something broke')).toBeNull();
  });

  it('shows the failure message when the server cannot be reached', async () => {
    answer('get', '/legal/:slug', () => HttpResponse.error());
    renderWithProviders(<PrivacyRoute />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load Privacy Policy');
  });

  it('marks the page with its route and sets the document title', async () => {
    answer('get', '/legal/:slug', privacy);
    const { container } = renderWithProviders(<PrivacyRoute />);
    await screen.findByText('picks');
    expect(container.querySelector('main[data-page="privacy"]')).not.toBeNull();
    expect(document.title).toBe('Privacy Policy · PA$$');
  });

  it('loads each document from its own endpoint, under its own title', async () => {
    answer('get', '/legal/:slug', { ...privacy, title: 'Terms', htmlContent: '<p>Be nice.</p>' });
    const { container } = renderWithProviders(<TermsRoute />);
    expect(await screen.findByText('Be nice.')).toBeInTheDocument();
    expect(sentRequest().url.pathname).toBe('/legal/terms-of-service');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(container.querySelector('main[data-page="tos"]')).not.toBeNull();
  });

  it('names the document in its failure message', async () => {
    answer('get', '/legal/:slug', () => errorResponse(404, 'NOT_FOUND'));
    renderWithProviders(<LegalDocument route="pool-party-rules" slug="pool-party-rules" title="Pool Party Rules" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load Pool Party Rules');
  });
});
