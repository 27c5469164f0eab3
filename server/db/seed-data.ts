import { withCheckDigit } from '../../shared/domain/ean';
import type { OrderRequestInput } from '../../shared/schemas/orders';

/** The demo data's tables (seed.ts books them through the services). */

/** Valid EAN-13 from a German GS1 prefix: the EAN of PRODUCTS[i]. */
export function demoEan(i: number): string {
  return withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
}

export const PRODUCTS: Array<[string, number | null, [number, number, number] | null, string | null]> = [
  ['Bio-Kaffeebohnen 1 kg', 1.05, [25, 15, 8], 'box'],
  ['Espresso gemahlen 500 g', 0.52, [18, 10, 6], 'box'],
  ['Grüner Tee, 50 Beutel', 0.12, [14, 8, 7], null],
  ['Edelstahl-Trinkflasche 750 ml', 0.35, [27, 8, 8], 'box'],
  ['Thermobecher 400 ml', 0.28, [18, 9, 9], null],
  ['USB-C Ladekabel 2 m', 0.06, [15, 10, 2], 'box'],
  ['Powerbank 10000 mAh', 0.22, [15, 7.5, 2.2], 'box'],
  ['Bluetooth-Kopfhörer', 0.25, [20, 18, 8], null],
  ['LED-Schreibtischlampe', 1.2, [45, 15, 12], 'box'],
  ['Notizbuch A5 liniert', 0.3, [21, 15, 1.5], 'box'],
  ['Kugelschreiber 10er-Pack', 0.11, [16, 8, 2], 'box'],
  ['Haftnotizen gelb 12 Blöcke', 0.2, [10, 10, 8], null],
  ['Yogamatte 6 mm', 1.1, [62, 15, 15], null],
  ['Kurzhantel 5 kg', 5.1, [30, 12, 12], null],
  ['Springseil', 0.25, [20, 12, 4], null],
  ['Olivenöl extra vergine 1 l', 1.0, [30, 8, 8], 'box'],
  ['Basmatireis 5 kg', 5.05, [40, 25, 10], 'pallet'],
  ['Hafermilch 1 l', 1.04, [20, 7, 6], 'pallet'],
  ['Handseife Lavendel 300 ml', 0.34, [19, 7, 5], 'box'],
  ['Shampoo Kräuter 250 ml', 0.29, [18, 6, 4], 'box'],
  ['Zahnbürste Bambus 4er', 0.08, [20, 8, 3], null],
  ['Geschirrtuch Set 3-teilig', 0.3, null, null],
  ['Backpapier 20 m', null, [38, 5, 5], null],
  ['Frischhaltedosen 5er-Set', null, null, null],
  ['Schneidebrett Eiche', 1.4, null, null],
  ['Küchenwaage digital', null, [22, 18, 3], null],
  ['Gartenschere', 0.32, null, null],
  ['Blumenerde 20 l', null, null, null],
  ['Vogelfutter 2,5 kg', 2.5, [35, 25, 8], null],
  ['Hundeleine 2 m', null, null, null],
];

/** The state a demo order or announcement is brought to, through the same service calls as the API. */
export type DemoOrderStatus = 'new' | 'confirmed' | 'picking';
export type DemoNotificationStatus = 'announced' | 'confirmed';
export type DemoCustomer = 'K-10001' | 'K-10002';
export type DemoRack = 'A' | 'B' | 'C' | 'K';

export interface DemoOrder {
  customer: DemoCustomer;
  status: DemoOrderStatus;
  address: Omit<OrderRequestInput, 'items' | 'customer_id'>;
  items: Array<{ product: number; quantity?: number; box?: number }>;
}

/** Stock of a customer: product index into PRODUCTS, compartment index inside the rack. */
export interface DemoStock {
  customer: DemoCustomer;
  product: number;
  rack: DemoRack;
  compartment: number;
  quantity: number;
}

/**
 * Outbound orders of the demo customers: placed by the customer user, then
 * confirmed / started by the warehouse manager. Products are given by their
 * index in PRODUCTS and only ones the customer has in stock; the coffee, the
 * espresso, the tea and the LED lamp stay unreserved (the e2e tests count
 * their available stock).
 */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    customer: 'K-10001',
    status: 'new',
    address: {
      delivery_name: 'Bioladen Sonnenblume',
      delivery_email: 'bestellung@bioladen-sonnenblume.de',
      delivery_address: 'Kaiser-Joseph-Straße 214',
      delivery_postal_code: '79098',
      delivery_city: 'Freiburg im Breisgau',
      delivery_country: 'DE',
    },
    items: [
      { product: 15, quantity: 6 },
      { product: 17, box: 2 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'new',
    address: {
      delivery_name: 'Reformhaus Kern',
      delivery_address: 'Ludgeristraße 56',
      delivery_postal_code: '48143',
      delivery_city: 'Münster',
      delivery_country: 'DE',
      notes: 'Anlieferung bitte nur vormittags',
    },
    items: [{ product: 16, quantity: 2 }],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    address: {
      delivery_name: 'Café Kornblume',
      delivery_email: 'info@cafe-kornblume.de',
      delivery_address: 'Lange Reihe 93',
      delivery_postal_code: '20099',
      delivery_city: 'Hamburg',
      delivery_country: 'DE',
    },
    items: [
      { product: 17, box: 3 },
      { product: 15, quantity: 4 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'picking',
    address: {
      delivery_name: 'Hofladen Brandt',
      delivery_address: 'Am Sande 17',
      delivery_postal_code: '21335',
      delivery_city: 'Lüneburg',
      delivery_country: 'DE',
    },
    items: [
      { product: 16, box: 1 },
      { product: 17, quantity: 12 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'new',
    address: {
      delivery_name: 'Technikhaus Weber',
      delivery_email: 'einkauf@technikhaus-weber.de',
      delivery_address: 'Sendlinger Straße 28',
      delivery_postal_code: '80331',
      delivery_city: 'München',
      delivery_country: 'DE',
    },
    items: [
      { product: 5, box: 10 },
      { product: 6, quantity: 5 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'new',
    address: {
      delivery_name: 'Funkhaus Krüger',
      delivery_address: 'Karl-Liebknecht-Straße 45',
      delivery_postal_code: '04275',
      delivery_city: 'Leipzig',
      delivery_country: 'DE',
    },
    items: [{ product: 7, quantity: 3 }],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Elektro Hoffmann',
      delivery_email: 'lager@elektro-hoffmann.de',
      delivery_address: 'Hohe Straße 112',
      delivery_postal_code: '50667',
      delivery_city: 'Köln',
      delivery_country: 'DE',
      notes: 'Bitte an Tor 3 anliefern',
    },
    items: [
      { product: 5, quantity: 24 },
      { product: 7, quantity: 4 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'picking',
    address: {
      delivery_name: 'Büroservice Wagner',
      delivery_address: 'Königstraße 40',
      delivery_postal_code: '70173',
      delivery_city: 'Stuttgart',
      delivery_country: 'DE',
    },
    items: [
      { product: 6, quantity: 10 },
      { product: 5, box: 2 },
    ],
  },
];

/** Inbound announcements of the demo customers: announced by the customer user, some confirmed by the manager. */
export const DEMO_NOTIFICATIONS: Array<{
  customer: DemoCustomer;
  status: DemoNotificationStatus;
  /** Expected in this many days from the seed. */
  inDays: number;
  reference: string;
  notes?: string;
  items: Array<{ product: number; quantity: number }>;
}> = [
  {
    customer: 'K-10001',
    status: 'announced',
    inDays: 6,
    reference: 'LS-MN-4711',
    items: [
      { product: 15, quantity: 48 },
      { product: 17, quantity: 120 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    inDays: 2,
    reference: 'LS-MN-4698',
    notes: 'Anlieferung per Spedition, 1 Palette',
    items: [
      { product: 16, quantity: 24 },
      { product: 18, quantity: 36 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'announced',
    inDays: 8,
    reference: 'SE-2026-0815',
    items: [
      { product: 6, quantity: 40 },
      { product: 7, quantity: 20 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    inDays: 3,
    reference: 'SE-2026-0802',
    notes: 'Paketdienst, 4 Kartons',
    items: [
      { product: 5, quantity: 120 },
      { product: 9, quantity: 30 },
    ],
  },
];
