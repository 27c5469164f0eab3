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

/** Polish: the sync screen, the sync state in the top bar and the offline commands' names. */
export const SYNC: readonly TranslationPair[] = [
  pair(SYNC_SCREEN_UI, {
    title: 'Synchronizacja',
    subtitle: 'Operacje zapisane na tym urządzeniu',
    connection: 'Połączenie',
    online: 'Online',
    offline: 'Offline',
    pending: 'Oczekujące',
    pendingCount: (n) => `Oczekujące (${n})`,
    problems: 'Problemy',
    rejectedCount: (n) => `Odrzucone (${n})`,
    lastSync: 'Ostatnia synchronizacja',
    needsLogin: 'Sesja wygasła. Operacje pozostają zapisane i zostaną wysłane po ponownym zalogowaniu tej samej osoby.',
    updateRequired: 'Aplikacja jest nieaktualna. Zaktualizuj ją – zapisane operacje zostaną zachowane.',
    retriedAutomatically: (error) => `${error} – zostanie automatycznie ponowione.`,
    syncNow: 'Synchronizuj teraz',
    noProblems: 'Brak problemów',
    allSent: 'Wszystkie operacje zostały wysłane',
    waitsForLogin: 'czeka na zalogowanie osoby, która ją zapisała',
    recorded: (createdAt, id) => `Zapisano ${formatDateTime(createdAt)} · Nr ${id}`,
    discard: 'Usuń',
    retry: 'Ponów',
    discarded: 'Operację usunięto',
    requeued: 'Operację ponownie dodano do kolejki',
    onlyAuthorCanRetry: 'Ponowić może tylko osoba, która ją zaksięgowała.',
    persist: {
      granted: 'Trwała pamięć jest włączona – przeglądarka nie usunie zapisanych operacji.',
      denied: 'Przeglądarka odmówiła trwałej pamięci. Przy braku miejsca zapisane operacje mogą zostać usunięte – regularnie synchronizuj online.',
      unsupported: 'Ta przeglądarka nie obsługuje trwałej pamięci. Regularnie synchronizuj online.',
      unknown: 'Sprawdzanie pamięci …',
    },
  }),
  pair(SYNC_REJECTIONS_UI, {
    title: `Odrzucone operacje wszystkich urządzeń (${ALERT_HOURS.default} h)`,
    anchor: SYNC_REJECTIONS_UI.anchor,
    empty: 'Brak odrzuconych operacji',
    loadError: 'Nie udało się wczytać odrzuconych operacji',
    loading: 'Wczytywanie odrzuconych operacji …',
    when: 'Czas',
    user: 'Użytkownik',
    device: 'Urządzenie',
    command: 'Operacja',
    reason: 'Powód',
    facts: 'Szczegóły',
    number: 'Nr',
  }),
  pair(OFFLINE_COMMAND_LABELS, {
    [StockInboundCommand.name]: 'Przyjęcie na magazyn',
    [StockOutboundCommand.name]: 'Wydanie z magazynu',
    [StockRelocateCommand.name]: 'Przesunięcie',
    [CreateManualProductCommand.name]: 'Utwórz artykuł',
    [ReceiveItemOfflineCommand.name]: 'Zaksięguj przyjęcie towaru',
    [CompleteReceiptCommand.name]: 'Zakończ przyjęcie towaru',
    [PickCommand.name]: 'Kompletacja',
    [ShortageCommand.name]: 'Zgłoś brak',
    [SaveProgressCommand.name]: 'Zapisz postęp kompletacji',
    [CompleteWaveCommand.name]: 'Zakończ falę',
    [CreateCartCommand.name]: 'Utwórz wózek kompletacyjny',
    [ReceiveReturnItemCommand.name]: 'Przyjmij zwrot',
    [StocktakeCountCommand.name]: 'Liczenie inwentaryzacji',
    [StocktakePlaceDoneCommand.name]: 'Lokalizacja gotowa',
  }),
];
