import { ALERT_HOURS } from '../../../domain/alerts';
import { CompleteReceiptCommand, ReceiveItemOfflineCommand } from '../../../schemas/inbound';
import { PickCommand, SaveProgressCommand, ShortageCommand } from '../../../schemas/picking';
import { CreateManualProductCommand } from '../../../schemas/products';
import { StockRelocateCommand } from '../../../schemas/relocation';
import { ReceiveReturnItemCommand } from '../../../schemas/returns';
import { StockInboundCommand, StockOutboundCommand } from '../../../schemas/stock';
import { StocktakeCountCommand, StocktakePlaceDoneCommand } from '../../../schemas/stocktake';
import { CompleteWaveCommand, CreateCartCommand } from '../../../schemas/waves';
import { formatDateTime } from '../../format';
import { OFFLINE_COMMAND_LABELS } from '../../sync';
import { SYNC_REJECTIONS_UI } from '../../sync-rejections';
import { SYNC_SCREEN_UI } from '../../sync-screen';
import { pair, type TranslationPair } from '../../translate';

/** English: the sync screen, the sync state in the top bar and the offline commands' names. */
export const SYNC: readonly TranslationPair[] = [
  pair(SYNC_SCREEN_UI, {
    title: 'Sync',
    subtitle: 'Bookings saved on this device',
    connection: 'Connection',
    online: 'Online',
    offline: 'Offline',
    pending: 'Pending',
    pendingCount: (n) => `Pending (${n})`,
    problems: 'Problems',
    rejectedCount: (n) => `Rejected (${n})`,
    lastSync: 'Last sync',
    needsLogin: 'Login expired. The bookings stay saved and are sent once the same person logs in again.',
    updateRequired: 'The app is out of date. Please update – saved bookings are kept.',
    retriedAutomatically: (error) => `${error} – retried automatically.`,
    syncNow: 'Sync now',
    noProblems: 'No problems',
    allSent: 'All bookings are sent',
    waitsForLogin: 'waits for the person who recorded it to log in',
    recorded: (createdAt, id) => `Recorded ${formatDateTime(createdAt)} · No. ${id}`,
    discard: 'Discard',
    retry: 'Retry',
    discarded: 'Booking discarded',
    requeued: 'Booking queued again',
    onlyAuthorCanRetry: 'Only the person who booked it can retry it.',
    persist: {
      granted: 'Persistent storage is on – the browser does not delete the saved bookings.',
      denied: 'The browser refused persistent storage. Saved bookings could be deleted when storage runs low – sync online regularly.',
      unsupported: 'This browser does not support persistent storage. Sync online regularly.',
      unknown: 'Checking storage …',
    },
  }),
  pair(SYNC_REJECTIONS_UI, {
    title: `Rejected bookings of all devices (${ALERT_HOURS.default} h)`,
    anchor: SYNC_REJECTIONS_UI.anchor,
    empty: 'No rejected bookings',
    loadError: 'Rejected bookings could not be loaded',
    loading: 'Loading rejected bookings …',
    when: 'Time',
    user: 'User',
    device: 'Device',
    command: 'Operation',
    reason: 'Reason',
    facts: 'Details',
    number: 'No.',
  }),
  pair(OFFLINE_COMMAND_LABELS, {
    [StockInboundCommand.name]: 'Put away',
    [StockOutboundCommand.name]: 'Take out',
    [StockRelocateCommand.name]: 'Relocate',
    [CreateManualProductCommand.name]: 'Create article',
    [ReceiveItemOfflineCommand.name]: 'Book goods receipt',
    [CompleteReceiptCommand.name]: 'Complete goods receipt',
    [PickCommand.name]: 'Pick',
    [ShortageCommand.name]: 'Report shortage',
    [SaveProgressCommand.name]: 'Save picking progress',
    [CompleteWaveCommand.name]: 'Complete wave',
    [CreateCartCommand.name]: 'Create picking cart',
    [ReceiveReturnItemCommand.name]: 'Receive return',
    [StocktakeCountCommand.name]: 'Stocktake count',
    [StocktakePlaceDoneCommand.name]: 'Location done',
  }),
];
