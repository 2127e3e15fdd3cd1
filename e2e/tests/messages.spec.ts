import { expect, test } from '@playwright/test';
import { signInWithPassword } from './helpers/auth';
import { appReady } from './helpers/app';

// Viewer messages (spec access-and-identity 2, 4): the demo subscriber has two messages;
// the header button shows the count, #message lists them, a deleted one stays deleted.

const messagesButton = /^(Сообщения|Messages)(: \d+)?$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the demo subscriber reads the messages and deletes one for good', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await signInWithPassword(page, 'demo', 'efir24');

  const button = page.getByRole('banner').getByRole('link', { name: messagesButton });
  await expect(button).toHaveAccessibleName(/: 2$/);
  await button.click();

  const dialog = page.locator('[data-modal="message"]').getByRole('dialog');
  await expect(dialog).toBeVisible();
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(2);
  const titles = await dialog.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toHaveLength(2);
  const [first, second] = titles as [string, string];

  // Every message shows its date.
  await expect(items.first().locator('time')).not.toBeEmpty();

  await dialog.getByRole('button', { name: new RegExp(`[«“]${escape(first)}[»”]`) }).click();
  await expect(items).toHaveCount(1);
  await expect(dialog.getByRole('heading', { level: 3, name: second })).toBeVisible();
  await expect(button).toHaveAccessibleName(/: 1$/);

  await page.reload();
  await expect(dialog).toBeVisible(); // #message is in the URL
  await expect(items).toHaveCount(1);
  await expect(dialog.getByRole('heading', { level: 3, name: first })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { level: 3, name: second })).toBeVisible();

  // Escape closes it and focus returns to the page.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/#message/);
});
