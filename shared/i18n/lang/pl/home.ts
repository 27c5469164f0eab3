import { DASHBOARD_HOME_UI } from '../../dashboard';
import { formatNumber } from '../../format';
import { pair, type TranslationPair } from '../../translate';

/** Polish: the start screen's tiles and tips. */
export const HOME: readonly TranslationPair[] = [
  pair(DASHBOARD_HOME_UI, {
    welcome: (name: string) => `Witaj, ${name}!`,
    quickStart: 'Szybki start',
    tiles: {
      myStock: { label: 'Mój stan', text: 'Zobacz swój aktualny stan magazynowy' },
      outboundOrders: { label: 'Zamówienia wychodzące', text: 'Twórz i śledź zamówienia' },
      announce: { label: 'Awizacje', text: 'Awizuj dostawy' },
      profile: { label: 'Profil', text: 'Twoje dane i hasło' },
      notifications: { label: 'Awizacje', text: 'Awizowane dostawy' },
      inbound: { label: 'Przyjęcie na magazyn', text: 'Przyjmij towar skanerem' },
      outbound: { label: 'Wydanie z magazynu', text: 'Wydaj towar skanerem' },
      relocate: { label: 'Przesunięcie', text: 'Przesuwaj towar skanerem' },
      returnsReceive: { label: 'Przyjmij zwrot', text: 'Przyjmij zwrot skanerem, także offline' },
      stocktakeCount: { label: 'Liczenie inwentaryzacji', text: 'Licz lokalizacje na ślepo, także offline' },
      locations: { label: 'Lokalizacje', text: 'Zarządzaj regałami i półkami' },
      search: { label: 'Szukaj', text: 'Znajdź artykuły i lokalizacje' },
      returnsWaiting: { label: 'Zwroty', text: 'Awizowane, jeszcze nieprzyjęte' },
    },
    returnsWaitingCount: (n: number) => `Zwroty oczekujące: ${formatNumber(n)}`,
    customerTips: [
      'W „Awizacjach” awizujesz dostawy do magazynu – z datą i artykułami.',
      '„Mój stan” pokazuje Twój towar w magazynie z ilością dostępną i zarezerwowaną.',
      'W „Zamówieniach wychodzących” zlecasz wysyłkę ze swojego stanu i śledzisz status.',
    ],
    staffTips: [
      'Przyjęcie na magazyn: zeskanuj EAN, wybierz klienta i ilość, zeskanuj lokalizację – działa też offline.',
      'Wydanie z magazynu: zeskanuj EAN, wybierz i zeskanuj lokalizację, potwierdź ilość.',
      'W prawym górnym rogu zawsze widać, czy jesteś online i czy księgowania czekają na wysłanie.',
    ],
  }),
];
