import { expect, type Page } from '@playwright/test';

/**
 * The home page arrives with a first screen drawn by the server (#first-screen), which the
 * app replaces once its own page is drawn. Actions on elements both have (the main area,
 * the header) wait for the hand-over, so they never land on the screen being removed.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#first-screen')).toHaveCount(0, { timeout: 20_000 });
}
