import type { DemoOrder, DemoStock } from './seed-data';

/**
 * Demo work for the wave builder (docs/demo-data.md): confirmed orders the
 * planner can group. Their stock is booked after the other demo orders are
 * placed, so those keep exactly the reservations they had; the products are
 * ones the other demo data and the end-to-end tests do not count (coffee,
 * espresso, tea, LED lamp and the compartments the e2e tests book on stay
 * untouched). Product numbers are indices into PRODUCTS of seed.ts.
 *
 *  - Schmidt's four office-supply orders share racks B and C (notebooks and
 *    pens in C, sticky notes in B): together one wave of 4 orders (OPTIMAL),
 *    which walks B and C once instead of four times.
 *  - Müller's basmati order of 4 boxes (24 × 5.05 kg = 121 kg) is heavy
 *    (> 100 kg): a suggestion of its own.
 *  - Müller's oak chopping boards have no dimensions: a suggestion of its own
 *    with missing product data.
 */
export const WAVE_DEMO_STOCK: DemoStock[] = [
  { customer: 'K-10002', product: 9, rack: 'C', compartment: 1, quantity: 60 },
  { customer: 'K-10002', product: 10, rack: 'C', compartment: 2, quantity: 60 },
  { customer: 'K-10002', product: 11, rack: 'B', compartment: 8, quantity: 48 },
  { customer: 'K-10001', product: 16, rack: 'B', compartment: 4, quantity: 30 },
  { customer: 'K-10001', product: 24, rack: 'B', compartment: 5, quantity: 10 },
];

export const WAVE_DEMO_ORDERS: DemoOrder[] = [
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Schreibwaren Lindner',
      delivery_email: 'bestellung@schreibwaren-lindner.de',
      delivery_address: 'Prager Straße 10',
      delivery_postal_code: '01069',
      delivery_city: 'Dresden',
      delivery_country: 'DE',
    },
    items: [
      { product: 9, box: 2 },
      { product: 10, quantity: 10 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Copy-Shop Yilmaz',
      delivery_address: 'Lister Meile 33',
      delivery_postal_code: '30161',
      delivery_city: 'Hannover',
      delivery_country: 'DE',
    },
    items: [
      { product: 10, box: 2 },
      { product: 11, quantity: 6 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Kanzlei Dr. Roth',
      delivery_email: 'empfang@kanzlei-roth.de',
      delivery_address: 'Königstraße 60',
      delivery_postal_code: '90402',
      delivery_city: 'Nürnberg',
      delivery_country: 'DE',
    },
    items: [
      { product: 9, quantity: 6 },
      { product: 11, quantity: 12 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Ingenieurbüro Falk',
      delivery_address: 'Friedrich-Ebert-Straße 120',
      delivery_postal_code: '34119',
      delivery_city: 'Kassel',
      delivery_country: 'DE',
    },
    items: [
      { product: 11, quantity: 4 },
      { product: 9, quantity: 4 },
      { product: 10, quantity: 4 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    address: {
      delivery_name: 'Restaurant Tandoor',
      delivery_address: 'Schillerstraße 12',
      delivery_postal_code: '60313',
      delivery_city: 'Frankfurt am Main',
      delivery_country: 'DE',
      notes: 'Großbestellung Reis, Anlieferung mit Hubwagen',
    },
    items: [{ product: 16, box: 4 }],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    address: {
      delivery_name: 'Landmarkt Ebert',
      delivery_address: 'Marktplatz 3',
      delivery_postal_code: '37073',
      delivery_city: 'Göttingen',
      delivery_country: 'DE',
    },
    items: [{ product: 24, quantity: 3 }],
  },
];
