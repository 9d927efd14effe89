import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../lib/route-registry';
import { renderWithProviders } from '../testing/render';
import { RouteButton, RouteLink } from './route-link';

beforeAll(() => {
  registerRoutes(['about', 'admin', 'account-verify']);
});

afterEach(() => {
  cleanup();
});

describe('RouteLink', () => {
  it('links to a registered route', () => {
    renderWithProviders(<RouteLink to="about">About</RouteLink>);
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('fills the parameters of the route', () => {
    renderWithProviders(
      <>
        <RouteLink to="account-verify" params={{ token: 'a/b' }}>
          Verify
        </RouteLink>
        <RouteLink to="admin" params={{ section: 'users' }}>
          Users
        </RouteLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/account/verify/a%2Fb');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });

  it('renders nothing for a route whose screen does not exist', () => {
    const { container } = renderWithProviders(
      <div data-testid="box">
        <RouteLink to="demo">Demo</RouteLink>
      </div>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[data-testid="box"]')).toBeEmptyDOMElement();
  });

  it('renders the fallback instead, when given', () => {
    renderWithProviders(
      <RouteLink to="demo" fallback={<span>v1.0</span>}>
        Demo
      </RouteLink>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('v1.0')).toBeInTheDocument();
  });
});

describe('RouteButton', () => {
  it('is a link-button to a registered route', () => {
    renderWithProviders(<RouteButton to="about">Read more</RouteButton>);
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/about');
  });

  it('renders the fallback for a route whose screen does not exist', () => {
    renderWithProviders(
      <RouteButton to="subscribe" fallback="Coming soon">
        Subscribe
      </RouteButton>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });
});
