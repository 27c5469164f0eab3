import type { Page } from 'playwright-core';
import { withCheckDigit } from '../../shared/domain/ean';
import { DEMO } from '../e2e/helpers/browser';
import { installProbe, readProbe, resetProbe } from './device-probe';

/**
 * "Inventur zählen" offline (docs/operations.md "Stocktake"), for
 * tests/bench/device-scan.ts: a blind stocktake of the empty cold-room rack K
 * (so the other flows' places stay unfrozen) is created before the device's
 * first pull; then, offline, one place is scanned and each count is timed
 * twice: the EAN scan until the article shows, and the quantity's Enter
 * until the booking shows. Figures only.
 */

const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
/** Müller's first three demo articles: one owner each, so no customer question (the bench's Einlagern books for Müller too). */
const EANS = [0, 1, 2].map(demoEan);

export interface CountFigures {
  ean: { fromEnter: number[]; fromFirst: number[] };
  qty: { fromEnter: number[]; fromFirst: number[] };
}

/** The manager creates the stocktake over rack K through the API (before the device pulls); returns its number. */
export async function createCountStocktake(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.manager.email, password: DEMO.manager.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
  const places = (await (await fetch(`${baseUrl}/api/locations/`, { headers })).json()) as Array<{ id: number; barcode: string }>;
  const ids = places.filter((p) => p.barcode.startsWith('K-')).map((p) => p.id);
  const res = await fetch(`${baseUrl}/api/stocktakes`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench Kühlraum', location_ids: ids }) });
  if (res.status !== 201) throw new Error(`Inventur anlegen: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { number: string }).number;
}

/**
 * Offline on /stocktake-count: the bench's stocktake (chosen when the demo's is counting too), place
 * K-01-01, then `scans` counts (EAN scan, quantity + Enter), after `warmup` uncounted ones.
 */
export async function counting(page: Page, stocktake: string, scans: number, warmup: number): Promise<CountFigures> {
  const out: CountFigures = { ean: { fromEnter: [], fromFirst: [] }, qty: { fromEnter: [], fromFirst: [] } };
  await page.goto('/stocktake-count');
  const choice = page.getByTestId(`count-stocktake-${stocktake}`);
  await choice.or(page.getByTestId('count-place-input')).first().waitFor({ timeout: 30_000 });
  if (await choice.count()) await choice.click();
  await page.getByTestId('count-place-input').waitFor({ timeout: 30_000 });
  await page.keyboard.type('K-01-01', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.getByTestId('count-ean').waitFor();
  for (let i = -warmup; i < scans; i++) {
    await installProbe(page, [{ selector: '[data-testid="count-title"]', attribute: null }]);
    await resetProbe(page);
    await page.keyboard.type(EANS[(i + warmup) % EANS.length], { delay: 5 });
    await page.keyboard.press('Enter');
    const e = await readProbe(page, `Inventur EAN-Scan ${i}`);
    const customer = page.getByTestId('count-customer');
    if (await customer.count()) await customer.selectOption({ index: 1 });
    await installProbe(page, [{ selector: '[data-testid="booking-result"]', attribute: 'data-entry' }]);
    await resetProbe(page);
    await page.getByTestId('count-qty').fill(String((i + warmup) % 50));
    await page.getByTestId('count-qty').press('Enter');
    const q = await readProbe(page, `Inventur Menge ${i}`);
    await page.getByTestId('count-ean').waitFor();
    if (i < 0) continue;
    out.ean.fromEnter.push(e.fromEnter);
    out.ean.fromFirst.push(e.fromFirst);
    out.qty.fromEnter.push(q.fromEnter);
    out.qty.fromFirst.push(q.fromFirst);
  }
  return out;
}
