import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallOffer } from '../../../lib/install-prompt';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { MobileAppSection } from './mobile-app-section';

const config = (stores: { appStoreUrl: string | null; playStoreUrl: string | null }) => ({
  supportEmail: 'help@pass.example.org',
  poolMaxPerLifeguard: 5,
  googleSignIn: false,
  ...stores,
});

afterEach(() => {
  cleanup();
});

describe('MobileAppSection', () => {
  it('tells how to add the app on Android and on iPhone', () => {
    answer('get', '/api/config', config({ appStoreUrl: null, playStoreUrl: null }));
    renderWithProviders(<MobileAppSection />);
    const section = screen.getByRole('region', { name: 'PA$$ on your phone' });
    expect(section).toHaveAttribute('id', 'mobile-app');
    expect(within(section).getByRole('heading', { name: 'Android (Chrome)' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Install app');
    expect(within(section).getByRole('heading', { name: 'iPhone and iPad (Safari)' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Add to Home Screen');
  });

  it('shows each store badge only when its address is configured, linking to it', async () => {
    answer(
      'get',
      '/api/config',
      config({ appStoreUrl: null, playStoreUrl: 'https://play.google.com/store/apps/details?id=org.pass' }),
    );
    renderWithProviders(<MobileAppSection />);
    const play = await screen.findByRole('link', { name: 'Get it on Google Play' });
    expect(play).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=org.pass');
    expect(play).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
  });

  it('shows both badges when both stores are configured', async () => {
    answer(
      'get',
      '/api/config',
      config({ appStoreUrl: 'https://apps.apple.com/app/id123', playStoreUrl: 'https://play.google.com/x' }),
    );
    renderWithProviders(<MobileAppSection />);
    expect(await screen.findByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id123',
    );
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
  });

  it("offers an Install button when the browser offers to install, and uses the browser's prompt", async () => {
    answer('get', '/api/config', config({ appStoreUrl: null, playStoreUrl: null }));
    const target = new EventTarget() as Window;
    listenForInstallOffer(target);
    renderWithProviders(<MobileAppSection />);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      target.dispatchEvent(offer);
    });
    // The browser's own banner is held back in favour of the button.
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await screen.findByText('You are using the installed app.');
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});
