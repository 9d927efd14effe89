import type { Page } from 'playwright-core';

/** The phone's menu, opened if it is not, once it has finished opening (a link still sliding in can lose a click). */
export async function openPhoneMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.locator('.MuiCollapse-entered #mobile-navigation').waitFor({ state: 'visible' });
  return page.locator('#mobile-navigation');
}

/**
 * Follows a link of the main navigation, in its group when it has one: on a desktop the group's menu button
 * opens its menu; on a phone the menu behind its button lists each group under its heading.
 */
export async function followNav(page: Page, group: string | null, label: string): Promise<void> {
  if (await page.getByRole('button', { name: 'Open menu' }).isVisible()) {
    const menu = await openPhoneMenu(page);
    const scope = group ? menu.getByRole('list', { name: group, exact: true }) : menu;
    await scope.getByRole('link', { name: label, exact: true }).click();
    return;
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (!group) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    return;
  }
  await nav.getByRole('button', { name: group, exact: true }).click();
  await page
    .getByRole('menu', { name: group, exact: true })
    .getByRole('menuitem', { name: label, exact: true })
    .click();
}
