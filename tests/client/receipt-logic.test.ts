import { describe, expect, it } from 'vitest';
import {
  autoFillCartons,
  checkPackaging,
  deliveryDifference,
  digitsOnly,
  packagingPayload,
  parseQuantity,
  receiptFormError,
} from '../../client/features/inbound-notifications/receipt-logic';
import { discrepancyText } from '../../shared/domain/notification-status';
import { PL } from '../../shared/i18n/lang/pl';
import { addTranslations, setLanguage } from '../../shared/i18n/translate';

describe('goods receipt rules', () => {
  it('parses quantities with 0 as fallback; digits only', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('abc')).toBe(0);
    expect(digitsOnly('1a2-3')).toBe('123');
  });

  it('auto-fills cartons as floor(received / per carton) when positive', () => {
    expect(autoFillCartons(25, 6)).toBe(4);
    expect(autoFillCartons(5, 6)).toBeNull();
    expect(autoFillCartons(25, 0)).toBeNull();
  });

  it('warns with the spec text and the remainder', () => {
    expect(checkPackaging(6, 4, 25)).toEqual({ warning: 'Warnung: 6 × 4 = 24 Stück (erwartet: 25)', remainder: '1 Stück übrig' });
    expect(checkPackaging(6, 5, 25)).toEqual({ warning: 'Warnung: 6 × 5 = 30 Stück (erwartet: 25)', remainder: null });
    expect(checkPackaging(5, 5, 25)).toBeNull();
    expect(checkPackaging(0, 5, 25)).toBeNull();
  });

  it('warns in the language in use (docs/architecture.md "Languages")', () => {
    addTranslations('pl', PL);
    setLanguage('pl');
    try {
      expect(checkPackaging(6, 4, 25)).toEqual({ warning: 'Uwaga: 6 × 4 = 24 szt. (oczekiwano: 25)', remainder: 'Pozostało 1 szt.' });
      expect(discrepancyText(-2)).toBe('Niedobór: -2');
    } finally {
      setLanguage('de');
    }
    expect(discrepancyText(-2)).toBe('Mindermenge: -2');
  });

  it('sends a packaging level only with quantity_per_unit > 0', () => {
    expect(packagingPayload(0, 3)).toBeNull();
    expect(packagingPayload(6, 4)).toEqual({ quantity_per_unit: 6, total_units: 4 });
  });

  it('validates quantity then location', () => {
    expect(receiptFormError({ quantity: 0, locationId: 3 })).toBe('Menge muss größer als 0 sein');
    expect(receiptFormError({ quantity: 2, locationId: null })).toBe('Bitte einen Lagerplatz auswählen');
    expect(receiptFormError({ quantity: 2, locationId: 3 })).toBeNull();
  });

  it('over/under delivery difference counts earlier receipts', () => {
    expect(deliveryDifference(10, 4, 8)).toBe(2);
    expect(deliveryDifference(10, 0, 7)).toBe(-3);
  });
});
