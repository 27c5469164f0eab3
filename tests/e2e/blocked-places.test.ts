import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import {
  DEMO,
  DESKTOP,
  expectAttr,
  expectCount,
  expectText,
  expectTextContains,
  PHONE,
  scan,
  screenshot,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * Sperrplätze on the screens (docs/operations.md "Blocked places"): the demo's
 * blocked room "Sperrlager" holds one damaged headphone. A manager blocks and
 * releases a compartment and the room from the Lageplan; the stock overview
 * shows the blocked unit apart; Auslagern on the handheld marks the place.
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan); 7 is the Bluetooth headphone. */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);

const suite = e2eSuite();

const card = (page: Page, rack: string) => page.getByTestId(`rack-card-${rack}`);

describe('Sperrplätze', () => {
  it('a manager blocks a compartment and the Sperrlager room from the Lageplan; the rack cards mark them', async () => {
    const page = await suite.loggedIn(DEMO.manager, DESKTOP);
    await page.goto('/locations');
    // The demo's blocked room: both compartments of rack S count as blocked.
    await expectText(card(page, 'S').getByTestId('rack-blocked'), 'Gesperrt: 2/2 Fächer');
    await expectCountZero(page, 'A');

    await card(page, 'A').getByRole('button', { name: 'Sperrplätze in Regal A' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sperrplätze – Regal A' });
    await dialog.getByRole('button', { name: 'Fach A-01-02 sperren' }).click();
    await toast(page, 'Fach A-01-02 ist gesperrt – sein Bestand ist nicht verfügbar');
    await expectAttr(dialog.getByTestId('compartment-A-01-02'), 'data-blocked', 'true');
    await screenshot(page, 'blocked-places-dialog-1280');
    await page.keyboard.press('Escape');
    await expectText(card(page, 'A').getByTestId('rack-blocked'), 'Gesperrt: 1/12 Fächer');
    await screenshot(page, 'blocked-places-plan-1280');

    // Release it again: the card loses its mark.
    await card(page, 'A').getByRole('button', { name: 'Sperrplätze in Regal A' }).click();
    await dialog.getByRole('button', { name: 'Fach A-01-02 freigeben' }).click();
    await toast(page, 'Fach A-01-02 ist freigegeben');
    await page.keyboard.press('Escape');
    await expectCountZero(page, 'A');

    // The room: choose it in the filter, release it and block it again.
    await page.getByLabel('Gebäude').selectOption({ label: 'Halle 1' });
    await page.getByLabel('Raum', { exact: true }).selectOption({ label: 'Sperrlager' });
    await page.getByRole('button', { name: 'Raum Sperrlager freigeben' }).click();
    await toast(page, 'Raum Sperrlager ist freigegeben');
    await expectCountZero(page, 'S');
    await page.getByRole('button', { name: 'Raum Sperrlager sperren' }).click();
    await toast(page, 'Raum Sperrlager ist gesperrt – sein Bestand ist nicht verfügbar');
    await expectText(card(page, 'S').getByTestId('rack-blocked'), 'Gesperrt: 2/2 Fächer');
  });

  it('the stock overview and the product detail show the damaged headphone as gesperrt, apart from the available stock', async () => {
    const page = await suite.loggedIn(DEMO.manager, DESKTOP);
    await page.goto('/inventory');
    await page.getByTestId('overview-search').fill('Kopfhörer');
    await expectCount(page.getByTestId('overview-row'), 1);
    const row = page.getByTestId('overview-row').filter({ hasText: 'Bluetooth-Kopfhörer' });
    await expectText(row.getByTestId('overview-blocked'), '1');
    await row.getByRole('button', { name: 'Lagerorte anzeigen' }).click();
    await page.getByText('S-01-01').first().waitFor();
    await screenshot(page, 'blocked-overview-1280');
    // The product detail shows it apart as well.
    await row.getByRole('link', { name: 'Bluetooth-Kopfhörer' }).click();
    await expectText(page.getByTestId('detail-blocked'), '1');
  });

  it('Auslagern on the handheld shows the Sperrplatz with its blocked unit and nothing available there', async () => {
    const page = await suite.loggedIn(DEMO.worker, PHONE);
    await page.goto('/outbound');
    await waitForServiceWorkerControl(page);
    await page.getByTestId('outbound-ean').waitFor();
    await scan(page, demoEan(7));
    const place = page.getByTestId('outbound-place-S-01-01');
    await expectText(place.getByTestId('place-blocked'), 'Sperrplatz · 1 gesperrt');
    await expectText(place.getByTestId('place-available'), '0');
    await expectTextContains(page.getByTestId('outbound-title'), 'Bluetooth-Kopfhörer');
    await screenshot(page, 'blocked-outbound-360');
  });
});

/** A rack card without any blocked compartment carries no mark. */
async function expectCountZero(page: Page, rack: string): Promise<void> {
  await expectAttr(card(page, rack), 'data-blocked', '0');
}
