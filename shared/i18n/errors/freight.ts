import type { ErrorEntry } from './types';

/** Error codes of freight shipping and the quotation workflow (spec part 2 §5, §8; docs/fulfilment.md "Freight shipping"). */
export const freightErrors = {
  /** params: number, country. Freight abroad goes through a quotation (request-freight-quote), not the direct ship call. */
  FREIGHT_QUOTE_REQUIRED: {
    status: 409,
    de: 'Auftrag {number} geht ins Ausland ({country}) – bitte ein Speditionsangebot anfordern, Versand über Speditionsanfragen',
  },
  /** params: number, status (German label). */
  FREIGHT_QUOTE_NOT_PACKED: { status: 409, de: 'Auftrag {number} ist nicht verpackt (Status: {status}) – Speditionsanfrage nicht möglich' },
  /** params: number. A German order ships by freight directly from the packing station (no quotation). */
  FREIGHT_QUOTE_DOMESTIC: {
    status: 409,
    de: 'Auftrag {number} geht nach Deutschland – Speditionsversand direkt über die Packstation, kein Speditionsangebot nötig',
  },
  /** params: number, carrier. The order is booked for a parcel carrier (spec §4 carrier defaults). */
  FREIGHT_QUOTE_PARCEL_ORDER: {
    status: 409,
    de: 'Auftrag {number} ist für den Paketversand mit {carrier} gebucht – Speditionsangebot nur für Speditionsaufträge',
  },
  /** params: number. */
  FREIGHT_QUOTE_ALREADY_REQUESTED: { status: 409, de: 'Für Auftrag {number} wurde bereits ein Speditionsangebot angefragt' },
  /** params: number. save-freight-quote, ship-freight, e-mail template without an open request. */
  FREIGHT_QUOTE_NOT_OPEN: { status: 409, de: 'Für Auftrag {number} liegt keine offene Speditionsanfrage vor' },
  /** params: number. pallet-labels of an order without freight pallets. */
  FREIGHT_NO_PALLETS: { status: 409, de: 'Auftrag {number} hat keine Speditionspaletten – Labels gibt es erst nach Speditionsanfrage oder Speditionsversand' },
  /** The serial range of the GS1 company prefix is used up. */
  SSCC_RANGE_EXHAUSTED: {
    status: 409,
    de: 'Der Nummernkreis der GS1-Basisnummer ist ausgeschöpft – bitte neue Basisnummer unter Einstellungen → Allgemein eintragen',
  },
} satisfies Record<string, ErrorEntry>;
