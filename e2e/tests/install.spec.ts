import { expect, test } from '@playwright/test';
import { appReady } from './helpers/app';

// Install instructions on the real binary: the header's how-to-install dialog moves
// between the device list and one device's steps (the built-in texts and drawings of the
// demo operator), #smarttv opens on Smart TV, and the set-top box manuals are pages.

test('the how-to-install dialog: device list, one device, back, its own page', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await page.getByRole('link', { name: 'Как установить' }).click();
  await expect(page).toHaveURL(/#install$/);
  const dialog = page.getByRole('dialog', { name: 'Смотрите на своих устройствах' });
  await expect(dialog).toBeVisible();
  const devices = dialog.getByRole('list').getByRole('button');
  await expect(devices).toHaveCount(6);
  await expect(devices.first()).toContainText('Смарт-телевизор');

  await dialog.getByRole('button', { name: /MAG/ }).click();
  const mag = page.getByRole('dialog', { name: 'MAG' });
  await expect(mag).toContainText('Системные настройки');
  await expect(mag.getByText('http://stb.efir.example/portal').first()).toBeVisible();
  // The built-in drawings load (served by the server, allowed by its CSP).
  const picture = mag.getByRole('img', { name: 'Адрес портала' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(mag.getByRole('button', { name: /Все устройства/ })).toBeFocused();

  await mag.getByRole('button', { name: /Все устройства/ }).click();
  await expect(dialog.getByRole('button', { name: /Dune HD/ })).toBeVisible();
  await dialog.getByRole('button', { name: /Dune HD/ }).click();
  await page.getByRole('link', { name: 'Открыть отдельной страницей' }).click();
  await expect(page).toHaveURL(/\/manual\/dune$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Как настроить Dune HD' })).toBeVisible();
});

test('#smarttv opens on the Smart TV steps and Escape closes it', async ({ page }) => {
  await page.goto('/#smarttv');
  const dialog = page.getByRole('dialog', { name: 'Смарт-телевизор' });
  await expect(dialog).toContainText('Samsung Apps');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/#smarttv/);
});

test('the manual pages: the list of set-top boxes and one box', async ({ page }) => {
  await page.goto('/manual');
  await expect(page.getByRole('heading', { level: 1, name: 'Инструкции для ТВ-приставок' })).toBeVisible();
  const boxes = page.getByRole('main').getByRole('list').getByRole('link');
  await expect(boxes).toHaveCount(4);
  await page.getByRole('link', { name: /TVIP/ }).click();
  await expect(page).toHaveURL(/\/manual\/tvip$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Как настроить TVIP' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('ТВ-сервис');
  await expect(page).toHaveTitle(/Как настроить TVIP/);

  await page.goto('/manual/vcr');
  await expect(page.getByRole('heading', { level: 1, name: 'Для этого устройства инструкции нет' })).toBeVisible();
});
