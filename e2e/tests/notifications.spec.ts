import { expect, test, type Page } from '@playwright/test';
import { signInByPhone } from './helpers/auth';
import { appReady } from './helpers/app';
import { api, freshPhone } from './helpers/commerce';

// The floating notification box (catalogue spec 2 "Notifications", 4 "Survey", 9): each
// notice under its rule, one at a time, back after its delay with the page's clock moved
// on; the survey answered and refused when empty; the e-mail form.

const box = (page: Page) => page.locator('[data-notification]');
const closeButton = /^(Закрыть уведомление|Close the notice)$/;
const HOUR = 3_600_000;

test.describe.configure({ mode: 'serial' });

test('a guest on the TV page is nudged to register after 5 s, and again 8 hours after closing', async ({ page }) => {
  await page.clock.install();
  await page.goto('/channels');
  await appReady(page);
  await page.clock.runFor(3000);
  await expect(box(page)).toHaveCount(0);
  await page.clock.runFor(2500);
  const nudge = page.getByRole('region', { name: /Зарегистрируйтесь|Sign up/ });
  await expect(nudge).toBeVisible();
  await page.screenshot({ path: '/tmp/notif-shots/register-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/notif-shots/register-phone.png' });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Never over a modal.
  await nudge.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await expect(page).toHaveURL(/#auth/);
  await expect(box(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.clock.runFor(1000);
  await expect(page).not.toHaveURL(/#auth/);
  // Following it counts as closing: not back before 8 hours.
  await page.clock.fastForward(HOUR);
  await expect(box(page)).toHaveCount(0);
  await page.clock.fastForward(7 * HOUR + 60_000);
  await expect(nudge).toBeVisible();
  await nudge.getByRole('button', { name: closeButton }).click();
  await expect(box(page)).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('notificationClosed') ?? '{}'));
  expect(stored).toHaveProperty('register');
});

test('a viewer is asked for the push permission, then the e-mail, then the survey', async ({ page, request }) => {
  // The operator makes a survey active: it is the notification's survey.
  const login = await request.post('/v2/operator/auth/login', { data: { email: 'admin@efir.example', password: 'efir24-admin' } });
  expect(login.ok()).toBeTruthy();
  const csrf = (await login.json()).session.csrf_token as string;
  const made = await request.post('/v2/operator/surveys', {
    headers: { 'X-CSRF-Token': csrf },
    data: {
      title: 'E2E',
      active: true,
      questions: [
        {
          question: 'Почему вы отключили продление?',
          allow_user_answer: true,
          answers: [{ text: 'Дорого' }, { text: 'Мало фильмов' }],
        },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const surveyId = (await made.json()).id as number;
  // The survey is everybody's notice while it is active: it goes off when this test ends,
  // so the journeys that follow on this lane see none.
  try {
    await permissionEmailAndSurvey(page);
  } finally {
    await request.patch(`/v2/operator/surveys/${surveyId}`, { headers: { 'X-CSRF-Token': csrf }, data: { active: false } });
  }
});

async function permissionEmailAndSurvey(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto('/');
  await appReady(page);
  // A viewer of their own (the demo's viewers are shared by the other lane): registered by
  // phone, with no e-mail yet.
  await signInByPhone(page, freshPhone());
  await page.reload();
  await appReady(page);

  // The push permission notice leads to #push and hides after two steps of navigation.
  const permission = page.getByRole('region', { name: /Включите уведомления|Turn on notifications/ });
  const permissionState = await page.evaluate(() => ('Notification' in window ? Notification.permission : 'unsupported'));
  if (permissionState === 'default') {
    await expect(permission).toBeVisible();
    const menu = page.getByRole('banner');
    await menu.getByRole('link', { name: /^(Телеканалы|TV channels)$/ }).click();
    await page.clock.runFor(1000);
    await expect(permission).toBeVisible(); // one step: still there
    await menu.getByRole('link', { name: /^(Фильмы|Movies)$/ }).click();
    await page.clock.runFor(1000);
  }
  await expect(permission).toHaveCount(0);

  // The e-mail notice: Cyrillic ignored, an address off the pattern refused, a duplicate shown.
  const email = page.getByRole('region', { name: /Укажите e-mail|Add your e-mail/ });
  await expect(email).toBeVisible();
  await page.screenshot({ path: '/tmp/notif-shots/email-desktop.png' });
  const input = email.getByLabel(/^(E-mail)$/);
  await input.pressSequentially('иван');
  await expect(input).toHaveValue('');
  await input.fill('demo@efir');
  await email.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('shopper@efir.example');
  await email.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
  const error = page.getByRole('dialog', { name: /^(Ошибка|Error)$/ });
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: /^(Закрыть|Close)$/ }).last().click();
  const mine = `e2e-${Date.now()}@efir.example`;
  await input.fill(mine);
  await email.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
  await expect(email).toHaveCount(0);
  expect((await api<{ email: string }>(page, 'GET', '/v2/users/self')).body.email).toBe(mine);

  // The survey: refused when empty, then answered, and gone for good.
  const survey = page.getByRole('region', { name: 'Почему вы отключили продление?' });
  await expect(survey).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/notif-shots/survey-phone.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await survey.getByRole('button', { name: /^(Отправить|Send)$/ }).click();
  await expect(page.getByText(/Не выбрано ни одного ответа|None field is selected/)).toBeVisible();
  await survey.getByRole('checkbox', { name: 'Мало фильмов' }).check();
  await survey.getByRole('button', { name: /^(Отправить|Send)$/ }).click();
  await expect(survey).toHaveCount(0);
  await page.clock.fastForward(4 * 24 * HOUR);
  await page.reload();
  await appReady(page);
  await page.clock.runFor(2000);
  await expect(survey).toHaveCount(0);

  // A new visit asks for the permission again (it was hidden, not closed); closed, it
  // stays away for 14 days.
  if (permissionState === 'default') {
    await expect(permission).toBeVisible();
    await permission.getByRole('button', { name: closeButton }).click();
  }
  // The install notice comes back on the next visit.
  const install = page.getByRole('region', { name: /Смотрите на телевизоре|Watch on your TV/ });
  await expect(install).toBeVisible();
  await install.getByRole('button', { name: closeButton }).click();
  await expect(install).toHaveCount(0);
  await page.reload();
  await appReady(page);
  await expect(install).toBeVisible();
}
