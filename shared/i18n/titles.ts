/**
 * German titles of the screens that the navigation (menu.ts) and the start screen
 * (dashboard.ts) name. Defined here, apart from the screens' catalogues, which take
 * their titles from this module: the app's first chunk holds the menu and the start
 * screen, and importing a screen's whole catalogue for its title pulled every
 * catalogue (and the error catalogue behind them) into it.
 */
export const SCREEN_TITLES = {
  myStock: 'Mein Bestand',
  notifications: 'Avisierungen',
  relocate: 'Umlagern',
  returns: 'Retouren',
  returnsReceive: 'Retoure annehmen',
  apiKeys: 'API-Schlüssel',
  invoices: 'Rechnungen',
  billing: 'Abrechnung',
  stocktakes: 'Inventur',
  stocktakeCount: 'Inventur zählen',
  sync: 'Synchronisierung',
  statusLogs: 'Statusprotokolle',
  customerAccess: 'Kundenzugriff',
  profile: 'Profil',
} as const;
