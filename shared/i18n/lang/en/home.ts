import { DASHBOARD_HOME_UI } from '../../dashboard';
import { formatNumber } from '../../format';
import { pair, type TranslationPair } from '../../translate';

/** English: the start screen's tiles and tips. */
export const HOME: readonly TranslationPair[] = [
  pair(DASHBOARD_HOME_UI, {
    welcome: (name: string) => `Welcome, ${name}!`,
    quickStart: 'Quick start',
    tiles: {
      myStock: { label: 'My stock', text: 'See your current stock' },
      outboundOrders: { label: 'Outbound orders', text: 'Create and track orders' },
      announce: { label: 'Delivery notices', text: 'Announce deliveries' },
      profile: { label: 'Profile', text: 'Your details and password' },
      notifications: { label: 'Delivery notices', text: 'Announced deliveries' },
      inbound: { label: 'Put away', text: 'Put goods away by scanning' },
      outbound: { label: 'Take out', text: 'Take goods out by scanning' },
      relocate: { label: 'Relocate', text: 'Move goods by scanning' },
      returnsReceive: { label: 'Receive return', text: 'Receive a returned parcel by scanning, offline too' },
      stocktakeCount: { label: 'Stocktake count', text: 'Count locations blind, offline too' },
      locations: { label: 'Locations', text: 'Manage racks and bins' },
      search: { label: 'Search', text: 'Find articles and locations' },
      returnsWaiting: { label: 'Returns', text: 'Announced, not received yet' },
    },
    returnsWaitingCount: (n: number) => `${formatNumber(n)} ${n === 1 ? 'return waiting' : 'returns waiting'}`,
    customerTips: [
      'Under “Delivery notices” you announce deliveries to the warehouse – with date and articles.',
      '“My stock” shows your goods in the warehouse with available and reserved quantity.',
      'Under “Outbound orders” you order shipments from your stock and follow their status.',
    ],
    staffTips: [
      'Put away: scan the EAN, choose customer and quantity, scan the location – works offline too.',
      'Take out: scan the EAN, choose and scan the location, confirm the quantity.',
      'Top right shows at any time whether you are online and whether bookings are waiting to be sent.',
    ],
  }),
];
