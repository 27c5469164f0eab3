import { countryName } from '../../../shared/domain/countries';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import type { LabelAddress } from './labels';

/**
 * The German e-mail to a forwarder asking for an offer (GET
 * /outbound-orders/{id}/freight-email-template): pickup address (company
 * settings), delivery address, pallets with dimensions and weights, order
 * number — ready to paste into a mail program.
 */

const de = (n: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(n);

export function freightEmailTemplate(o: FreightQuotation, pickup: LabelAddress | null): string {
  const pallets = o.pallet_dimensions.map((d, i) => `- Palette ${i + 1}: ${de(d.length)} × ${de(d.width)} × ${de(d.height)} cm, ${de(d.weight)} kg`);
  const totalKg = o.pallet_dimensions.reduce((s, d) => s + d.weight, 0);
  const pickupLines = pickup
    ? [pickup.name, pickup.street, pickup.city, pickup.country].filter((s) => s.trim() !== '')
    : ['(Abholadresse unter Einstellungen → Allgemein eintragen)'];
  return [
    `Betreff: Anfrage Speditionsangebot – Auftrag ${o.order_number}`,
    '',
    'Sehr geehrte Damen und Herren,',
    '',
    `wir bitten um ein Angebot für den Transport von ${o.num_pallets} ${o.num_pallets === 1 ? 'Palette' : 'Paletten'} (Auftrag ${o.order_number}).`,
    '',
    'Abholadresse:',
    ...pickupLines,
    '',
    'Lieferadresse:',
    o.delivery_name,
    o.delivery_address,
    `${o.delivery_postal_code} ${o.delivery_city}`,
    countryName(o.delivery_country),
    '',
    'Paletten:',
    ...pallets,
    `Gesamtgewicht: ${de(totalKg)} kg`,
    '',
    'Bitte teilen Sie uns Preis, frühestmöglichen Abholtermin und voraussichtliche Laufzeit mit.',
    '',
    'Mit freundlichen Grüßen',
    pickup?.name ?? '',
  ]
    .join('\n')
    .trimEnd();
}
