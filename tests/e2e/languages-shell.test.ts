import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STATUS_LOG_EVENT_LABELS } from '../../shared/i18n/status-logs';
import { DEMO, expectText, loginInLanguage, PHONE, scan, screenshot } from './helpers/browser';
import type { ReturnSummary } from '../../shared/schemas/returns';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * The app frame and the server's refusals in the worker's language
 * (docs/architecture.md "Languages"): the mobile menu, the top bar and a
 * refusal the server answers in German, rendered on the device from code +
 * params in English, Polish and Ukrainian; the start screen's widgets; the
 * dialog that announces a return from Retoure annehmen.
 */
const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
const UNKNOWN = 'NOPE-4711';
const GERMAN_EVENTS = new Set(Object.values(STATUS_LOG_EVENT_LABELS));

const LANGUAGES = [
  {
    code: 'en',
    menu: ['Put away', 'Take out', 'Relocate', 'Receive return'],
    logout: 'Log out',
    roleLabel: 'Role',
    role: 'Warehouse worker',
    refusal: `No shipped order found for “${UNKNOWN}”`,
    save: 'Save',
    widgets: ['Alerts', 'Pick & Pack', 'Recent activity'],
    range: 'Today',
  },
  {
    code: 'pl',
    menu: ['Przyjęcie na magazyn', 'Wydanie z magazynu', 'Przesunięcie', 'Przyjmij zwrot'],
    logout: 'Wyloguj',
    roleLabel: 'Rola',
    role: 'Magazynier',
    refusal: `Nie znaleziono wysłanego zamówienia dla „${UNKNOWN}”`,
    save: 'Zapisz',
    widgets: ['Ostrzeżenia', 'Pick & Pack', 'Ostatnie działania'],
    range: 'Dziś',
  },
  {
    code: 'uk',
    menu: ['Розміщення', 'Видача', 'Переміщення', 'Прийняти повернення'],
    logout: 'Вийти',
    roleLabel: 'Роль',
    role: 'Працівник складу',
    refusal: `Відправлене замовлення для «${UNKNOWN}» не знайдено`,
    save: 'Зберегти',
    widgets: ['Попередження', 'Pick & Pack', 'Остання активність'],
    range: 'Сьогодні',
  },
] as const;

/** The mobile menu: its entries and the logout button in the language, then closed again. */
async function checkMenu(page: Page, l: (typeof LANGUAGES)[number]): Promise<void> {
  await page.getByTestId('mobile-menu-button').click();
  const nav = page.getByRole('navigation', { name: { en: 'Mobile menu', pl: 'Menu mobilne', uk: 'Мобільне меню' }[l.code] });
  for (const entry of l.menu) await nav.getByRole('link', { name: entry, exact: true }).waitFor();
  await nav.getByRole('button', { name: l.logout }).waitFor();
  expect(await nav.textContent()).not.toMatch(/Einlagern|Umlagern|Abmelden/);
  await screenshot(page, `language-menu-${l.code}-360`);
  await page.getByTestId('mobile-menu-button').click();
}

/** The start screen's widgets (alerts, Pick & Pack, recent activity): headings, range switch and content in the language. */
async function checkHome(page: Page, l: (typeof LANGUAGES)[number]): Promise<void> {
  await page.goto('/');
  for (const [i, id] of ['alerts-widget', 'analytics-widget', 'recent-activity'].entries()) {
    await page.getByTestId(id).getByRole('heading', { name: l.widgets[i], exact: true }).waitFor();
  }
  await page.getByTestId('range-today').getByText(l.range, { exact: true }).waitFor();
  await page.getByTestId('analytics-kpis').waitFor();
  await page.getByTestId('recent-activity').locator('ul, p').first().waitFor();
  for (const id of ['alerts-widget', 'analytics-widget']) {
    expect(await page.getByTestId(id).textContent()).not.toMatch(/Warnung|Keine|Stück|quote|Abweichung|Welle|Auftr|Heute|Tage/);
  }
  // an entry's event label is translated; its description is the server's German text
  const labels = await page.getByTestId('recent-entry').locator(':scope > div:first-child').allTextContents();
  expect(labels.filter((t) => GERMAN_EVENTS.has(t))).toEqual([]);
  await screenshot(page, `language-home-${l.code}-360`);
}

/** Retoure annehmen: a code the server does not know is refused (404 RETURN_LOOKUP_NOT_FOUND, German detail) and shown in the language. */
async function checkRefusal(page: Page, l: (typeof LANGUAGES)[number]): Promise<void> {
  await page.goto('/returns-receive');
  await page.getByTestId('return-receive-code').waitFor();
  await scan(page, UNKNOWN);
  await page.getByText(l.refusal, { exact: true }).waitFor();
  await screenshot(page, `language-refusal-${l.code}-360`);
}

describe('worker languages: the app frame and refusals', () => {
  it('a worker sees the menu, the top bar, the role and a server refusal in English, then Polish and Ukrainian', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginInLanguage(page, DEMO.worker, 'en');

    for (const [i, l] of LANGUAGES.entries()) {
      if (i > 0) {
        // switched in Profil (in the previous language), stored with the user
        await page.goto('/profile');
        await page.getByTestId('profile-language').selectOption(l.code);
        await page
          .getByTestId('profile-form')
          .getByRole('button', { name: LANGUAGES[i - 1].save })
          .click();
        await page.getByTestId('profile-form').getByRole('button', { name: l.save }).waitFor();
      }
      await page.goto('/profile');
      await page.getByLabel(l.roleLabel, { exact: true }).waitFor();
      expect(await page.getByLabel(l.roleLabel, { exact: true }).inputValue()).toBe(l.role);
      await checkHome(page, l);
      await checkMenu(page, l);
      await checkRefusal(page, l);
    }
  });

  it('Retoure annehmen: the dialog announcing a return for a parcel without one is in English, and so is its toast', async () => {
    // Schmidt's demo return is completed at the office: its order has no open return any more.
    const [done] = await api<ReturnSummary[]>(DEMO.customer2, '/returns?status=received');
    await api(DEMO.manager, `/returns/${done.id}/complete`, 'POST');
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginInLanguage(page, DEMO.worker, 'en');
    await page.goto('/returns-receive');
    await page.getByTestId('return-receive-code').waitFor();
    await scan(page, '05311234567906');
    await page.getByTestId('return-receive-announce').click();
    const dialog = page.getByRole('dialog', { name: `Announce return for order ${done.order_number}` });
    await dialog.getByText('For each article, enter how many pieces come back and why.').waitFor();
    const line = dialog.getByTestId('returnable-line').first();
    await line.getByText(/Still possible: \d+/).waitFor();
    expect(await line.getByRole('combobox').locator('option').allTextContents()).toEqual(['Not wanted / not needed', 'Damaged', 'Wrong article', 'Other']);
    await dialog.getByRole('button', { name: 'Announce return' }).click();
    await dialog.getByText('Enter a quantity for at least one article').waitFor();
    await line.getByRole('spinbutton').fill('1');
    expect(await dialog.textContent()).not.toMatch(/Retoure|Artikel|Menge|Grund|Abbrechen|Nicht mehr/);
    await screenshot(page, 'language-announce-return-en-360');
    await dialog.getByTestId('return-submit').click();
    await expectText(page.getByText(/^Return R-\d{4}-\d{6} announced$/), /^Return R-/);
  });
});
