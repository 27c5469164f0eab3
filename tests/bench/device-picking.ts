import type { BrowserContext, Page } from 'playwright-core';
import { DEMO } from '../e2e/helpers/browser';
import { installProbe, readProbe, resetProbe } from './device-probe';

/**
 * The picking flow for tests/bench/device-scan.ts: each confirmed, fully
 * reserved demo order is started online (order chosen, DISP- pallet scanned,
 * as on the handheld), then picked offline stop by stop: EAN scan → the
 * location step, location scan → the next stop (or the VE dialog, or "all
 * picked"), then "Kommissionierung abschließen". Returns last key → feedback and first key → feedback per scan.
 */
export interface PickFigures {
  ean: { fromEnter: number[]; fromFirst: number[] };
  location: { fromEnter: number[]; fromFirst: number[] };
  orders: number;
  /** Scans the screen did not answer within 5 s, scanned again (as a picker would); the answer to the repeat is counted. */
  repeated: number;
}

async function apiAs<T>(baseUrl: string, user: (typeof DEMO)[keyof typeof DEMO], path: string): Promise<T> {
  const login = await fetch(`${baseUrl}/api/auth/login-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${access_token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function scanCode(page: Page, code: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-field') === true, undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** A scan and its answer; once unanswered for 5 s, scanned again. */
async function answered(page: Page, code: string, what: string, out: PickFigures): Promise<{ fromEnter: number; fromFirst: number }> {
  await scanCode(page, code);
  try {
    return await readProbe(page, what, 5_000);
  } catch {
    out.repeated++;
    await resetProbe(page);
    await scanCode(page, code);
    return readProbe(page, what);
  }
}

const STOP = { selector: '[data-testid="single-picking"]', attribute: 'data-stop' };
const STEP = { selector: '[data-testid="single-picking"]', attribute: 'data-step' };
const DONE = { selector: '[data-testid="picking-all-done"]', attribute: null };
const VE = { selector: '[data-testid="ve-confirm"]', attribute: null };

export async function picking(page: Page, ctx: BrowserContext, baseUrl: string, maxOrders: number): Promise<PickFigures> {
  const out: PickFigures = { ean: { fromEnter: [], fromFirst: [] }, location: { fromEnter: [], fromFirst: [] }, orders: 0, repeated: 0 };
  const pallets = await apiAs<Array<{ barcode: string; status: string }>>(baseUrl, DEMO.admin, '/disposable-pallets/?limit=50');
  const free = pallets.filter((p) => p.status === 'available').map((p) => p.barcode);
  const { orders } = await apiAs<{ orders: Array<{ order_number: string; status: string; fully_reserved: boolean }> }>(
    baseUrl,
    DEMO.manager,
    '/picking-waves/available-orders',
  );
  const todo = orders.filter((o) => o.status === 'confirmed' && o.fully_reserved).slice(0, Math.min(maxOrders, free.length));
  for (const order of todo) {
    await ctx.setOffline(false);
    await page.goto('/warehouse/picking');
    await page.getByTestId(`picking-order-${order.order_number}`).click({ timeout: 30_000 });
    await page.getByTestId('picking-single').click();
    await page.getByTestId('picking-scan-pallet').waitFor();
    await scanCode(page, free[out.orders]);
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    await ctx.setOffline(true);
    out.orders++;
    for (let n = 0; n < 50; n++) {
      if (await page.getByTestId('picking-all-done').isVisible()) break;
      const sp = page.getByTestId('single-picking');
      const ean = (await sp.getAttribute('data-ean')) ?? '';
      const location = (await sp.getAttribute('data-location')) ?? '';
      const key = (await sp.getAttribute('data-stop')) ?? '';
      await installProbe(page, [STEP]);
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-field') === true, undefined, { timeout: 10_000 }).catch(() => undefined);
      await resetProbe(page);
      const e = await answered(page, ean, `Kommissionieren EAN-Scan ${order.order_number}/${n}`, out);
      out.ean.fromEnter.push(e.fromEnter);
      out.ean.fromFirst.push(e.fromFirst);
      await installProbe(page, [STOP, DONE, VE]);
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-field') === true, undefined, { timeout: 10_000 }).catch(() => undefined);
      await resetProbe(page);
      const l = await answered(page, location, `Kommissionieren Lagerort-Scan ${order.order_number}/${n}`, out);
      out.location.fromEnter.push(l.fromEnter);
      out.location.fromFirst.push(l.fromFirst);
      if (await page.getByTestId('ve-confirm').isVisible()) await page.getByTestId('ve-confirm').click();
      await page.waitForFunction(
        (k) =>
          document.querySelector('[data-testid="picking-all-done"]') !== null ||
          document.querySelector('[data-testid="single-picking"]')?.getAttribute('data-stop') !== k,
        key,
        { timeout: 15_000 },
      );
    }
    await page.getByTestId('picking-finish').click();
    await page.getByTestId('picking-done').waitFor();
  }
  await ctx.setOffline(true);
  return out;
}
