import { describe, expect, it } from 'vitest';
import { currentScreen, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';

/** The content pages' texts and states; every-route.test.ts and the navigation crawl axe each as it loads. */
const browser = useBrowser();

describe('legal pages', () => {
  it.each([
    ['/privacy', 'privacy', 'Privacy Policy', 'What we collect'],
    ['/tos', 'tos', 'Terms of Service', 'Not a wagering service'],
    ['/pool-party-rules', 'pool-party-rules', 'Pool Party Rules', 'up to 5 active pools'],
  ])('%s shows the text stored on the server', async (path, name, title, phrase) => {
    const page = await browser.newPage();
    await page.goto(path);
    expect(await currentScreen(page)).toBe(name);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await page.getByText(phrase).first().waitFor();
  });

  it('says "Failed to load Terms of Service" when the server fails', async () => {
    const page = await browser.newPage();
    browser.expectConsoleError(/status of 500/);
    await page.route('**/legal/terms-of-service', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    await page.goto('/tos');
    await page.getByRole('alert').filter({ hasText: 'Failed to load Terms of Service' }).waitFor({ timeout: 15_000 });
  });

  it('shows a loading state while the text is on its way', async () => {
    const page = await browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/legal/privacy-policy', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy');
    await page.getByRole('status').filter({ hasText: 'Loading the Privacy Policy' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'What we collect' }).waitFor();
  });
});

describe('about and the change log', () => {
  it('renders CHANGELOG.md at /about/changes, linked from the version label', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForScreen(page, 'home');
    await page.getByRole('link', { name: 'Version 2025-2.1' }).click();
    await waitForScreen(page, 'about-changes');
    await page.getByText('Privacy Policy, Terms of Service and Pool Party Rules pages').waitFor();
  });

  it.each(['/about', '/menu', '/pitch-deck', '/coming-soon', '/-brand-assets', '/-mailsig'])(
    '%s renders its screen',
    async (path) => {
      const page = await browser.newPage(viewports.phone);
      await page.goto(path);
      expect(await currentScreen(page)).not.toBe('not-found');
      await screenshot(page, `page${path.replaceAll('/', '-')}-phone`);
    },
  );
});

describe('API documentation', () => {
  it('serves the OpenAPI page and document', async () => {
    const json = await fetch(`${browser.baseUrl()}/api/docs/json`).then((response) => response.json());
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(['/api/health', '/legal/privacy-policy']));
    const page = await browser.newPage();
    await page.goto('/api/docs');
    await page.getByText('PA$$ API').first().waitFor();
  });
});
