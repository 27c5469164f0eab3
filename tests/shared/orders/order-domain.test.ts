import { describe, expect, it } from 'vitest';
import { addressProblems, hasHouseNumber, postalCodeProblem } from '../../../shared/domain/address';
import { countryName, normalizeCountry } from '../../../shared/domain/countries';
import {
  allowedOrderActions,
  checkOrderAction,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderStatus,
  pickingStartSteps,
  statusesForFilter,
} from '../../../shared/domain/order-status';
import type { Role } from '../../../shared/domain/roles';

const customer = { role: 'customer_user' as Role, is_admin: false };
const worker = { role: 'warehouse_worker' as Role, is_admin: false };
const manager = { role: 'warehouse_manager' as Role, is_admin: false };
const admin = { role: 'admin' as Role, is_admin: true };

/** The whole expected table: action -> allowed states per kind of user; `managers` (admin, warehouse_manager) where they differ from staff. */
const EXPECTED: Record<OrderAction, { customer: OrderStatus[]; staff: OrderStatus[]; managers?: OrderStatus[] }> = {
  edit: { customer: ['new'], staff: [], managers: ['new', 'confirmed'] },
  cancel: { customer: ['new'], staff: ['new', 'confirmed', 'picking'] },
  confirm: { customer: [], staff: ['new'] },
  start_picking: { customer: [], staff: ['confirmed'] },
  complete_picking: { customer: [], staff: ['picking'] },
  mark_packed: { customer: [], staff: ['picking'] },
  ship: { customer: [], staff: ['packed'] },
  complete: { customer: [], staff: [], managers: ['shipped'] },
  edit_address: { customer: [], staff: ['new', 'confirmed', 'picking', 'packed'] },
};

describe('order status machine', () => {
  it('has the German labels of the spec', () => {
    expect(ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s])).toEqual([
      'Neu',
      'Bestätigt',
      'In Kommissionierung',
      'Gepackt',
      'Versendet',
      'Abgeschlossen',
      'Storniert',
    ]);
  });

  for (const [action, exp] of Object.entries(EXPECTED) as Array<[OrderAction, (typeof EXPECTED)[OrderAction]]>) {
    for (const status of ORDER_STATUSES) {
      it(`${action} in ${status}: customer ${exp.customer.includes(status) ? 'yes' : 'no'}, staff ${exp.staff.includes(status) ? 'yes' : 'no'}, managers ${(exp.managers ?? exp.staff).includes(status) ? 'yes' : 'no'}`, () => {
        const c = checkOrderAction(customer, status, action);
        expect(c.ok).toBe(exp.customer.includes(status));
        if (!c.ok) expect(c.reason).toBe(exp.customer.length === 0 ? 'role' : 'status');
        for (const staff of [worker, manager, admin]) {
          const states = staff !== worker && exp.managers ? exp.managers : exp.staff;
          const s = checkOrderAction(staff, status, action);
          expect(s.ok).toBe(states.includes(status));
          if (!s.ok) expect(s.reason).toBe(states.length === 0 ? 'role' : 'status');
        }
      });
    }
  }

  it('offers customers only edit and cancel while new, nothing later', () => {
    expect(allowedOrderActions(customer, 'new').sort()).toEqual(['cancel', 'edit']);
    expect(allowedOrderActions(customer, 'confirmed')).toEqual([]);
  });

  it('an is_admin customer_user counts as staff', () => {
    expect(checkOrderAction({ role: 'customer_user', is_admin: true }, 'new', 'confirm').ok).toBe(true);
  });

  it('unknown status is refused', () => {
    expect(checkOrderAction(worker, 'bogus', 'confirm')).toEqual({ ok: false, reason: 'status' });
  });

  it('plans "Kommissionierung starten": new -> confirm+start, confirmed -> start, others skipped', () => {
    expect(pickingStartSteps('new')).toEqual(['confirm', 'start_picking']);
    expect(pickingStartSteps('confirmed')).toEqual(['start_picking']);
    for (const s of ['picking', 'packed', 'shipped', 'completed', 'cancelled']) expect(pickingStartSteps(s)).toEqual([]);
  });

  it('list filters', () => {
    expect(statusesForFilter('open')).toEqual(['new', 'confirmed', 'picking', 'packed']);
    expect(statusesForFilter('completed')).toEqual(['completed']);
    expect(statusesForFilter('all')).toHaveLength(7);
    expect(statusesForFilter('shipped')).toEqual(['shipped']);
  });
});

describe('German address rules', () => {
  it('PLZ: exactly 5 digits, not 00xxx, only for Germany', () => {
    for (const ok of ['01067', '10117', '33602', '99998']) expect(postalCodeProblem(ok, 'DE')).toBeNull();
    for (const bad of ['1234', '123456', '00123', 'ABCDE', '3360 2', '']) expect(postalCodeProblem(bad, 'DE')).toBe('Die PLZ muss aus 5 Ziffern bestehen');
    expect(postalCodeProblem('0123', 'Deutschland')).not.toBeNull();
    expect(postalCodeProblem('1010', 'AT')).toBeNull();
    expect(postalCodeProblem('1012 AB', 'NL')).toBeNull();
    expect(postalCodeProblem('SW1A 1AA', 'GB')).toBeNull();
    expect(postalCodeProblem('1', 'AT')).toBe('Bitte eine gültige Postleitzahl eingeben');
  });

  it('street needs a house number', () => {
    for (const ok of [
      'Hauptstraße 5',
      'Hauptstr. 5a',
      'Hauptstr.5',
      'Am Markt 3-5',
      'Am Markt 3 - 5',
      'Berliner Allee 12/14',
      '10 Downing Street',
      'Packstation 123',
      'Straße des 17. Juni 135',
      'Kirchweg 7 b',
    ]) {
      expect(hasHouseNumber(ok), ok).toBe(true);
    }
    for (const bad of ['Hauptstraße', 'Straße des 17. Juni', '12345', '', 'Am Markt ohne Nummer', 'Hauptstraße 5. OG']) {
      expect(hasHouseNumber(bad), bad).toBe(false);
    }
  });

  it('addressProblems names each wrong field', () => {
    expect(
      addressProblems({
        delivery_name: 'Max',
        delivery_address: 'Hauptstraße',
        delivery_postal_code: '123',
        delivery_city: 'Berlin',
        delivery_country: 'DE',
        delivery_email: 'x',
      }),
    ).toEqual({
      delivery_address: 'Die Straße muss eine Hausnummer enthalten',
      delivery_postal_code: 'Die PLZ muss aus 5 Ziffern bestehen',
      delivery_email: 'Bitte eine gültige E-Mail-Adresse eingeben',
    });
    expect(
      addressProblems({
        delivery_name: 'Max',
        delivery_address: 'Hauptstraße 1',
        delivery_postal_code: '10117',
        delivery_city: 'Berlin',
        delivery_country: 'DE',
      }),
    ).toEqual({});
  });
});

describe('countries', () => {
  it('normalises codes and German names', () => {
    expect(normalizeCountry('de')).toBe('DE');
    expect(normalizeCountry(' Deutschland ')).toBe('DE');
    expect(normalizeCountry('UK')).toBe('GB');
    expect(normalizeCountry('Großbritannien')).toBe('GB');
    expect(normalizeCountry('Österreich')).toBe('AT');
    expect(normalizeCountry('Atlantis')).toBeNull();
    expect(normalizeCountry('')).toBeNull();
  });
  it('names the spec codes', () => {
    const map = {
      DE: 'Deutschland',
      AT: 'Österreich',
      CH: 'Schweiz',
      NL: 'Niederlande',
      BE: 'Belgien',
      FR: 'Frankreich',
      IT: 'Italien',
      PL: 'Polen',
      CZ: 'Tschechien',
      ES: 'Spanien',
      GB: 'Großbritannien',
      UK: 'Großbritannien',
    };
    for (const [code, name] of Object.entries(map)) expect(countryName(code)).toBe(name);
  });
});
