import { ROLE_LABELS } from '../domain/roles';
import { FIELD_LABELS } from './fields';
import { BUILDINGS_UI, USERS_UI } from './masterdata';
import { UI, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

const PASSWORD = FIELD_LABELS.password;
const QR_CODE = FIELD_LABELS.qr_token;
const CUSTOMER_ACCESS = SCREEN_TITLES.customerAccess;
const GENERATE_PASSWORD = `${PASSWORD} generieren`;

/** German texts of the user form (client/features/users/UserFormDialog.tsx). */
export const USER_FORM_UI = {
  newUser: USERS_UI.newUser,
  editTitle: (username: string) => `${WORDS.user} bearbeiten: ${username}`,
  saved: (username: string) => `${WORDS.user} ${username} gespeichert`,
  created: (username: string) => `${WORDS.user} ${username} angelegt`,
  username: FIELD_LABELS.username,
  usernameFixed: 'Kann nach dem Anlegen nicht geändert werden',
  email: FIELD_LABELS.email,
  fullName: UI.fullName,
  role: FIELD_LABELS.role,
  customer: WORDS.customer,
  chooseCustomer: 'Kunde auswählen…',
  password: PASSWORD,
  passwordKeep: 'Leer lassen, um das Passwort nicht zu ändern',
  passwordForCustomerUser: 'Kundenbenutzer brauchen ein Passwort',
  passwordQrOnly: 'Ohne Passwort meldet sich der Benutzer nur per QR-Code an',
  showPassword: `${PASSWORD} anzeigen`,
  hidePassword: `${PASSWORD} verbergen`,
  generatePassword: GENERATE_PASSWORD,
  copy: 'Kopieren',
  copyPassword: `${PASSWORD} kopieren`,
  copied: 'Passwort in die Zwischenablage kopiert',
  copyError: 'Fehler beim Kopieren des Passworts',
  extraAdmin: 'Zusätzlich Administratorrechte (Administration-Menü)',
  workArea: FIELD_LABELS.work_room_ids,
  workAreaHint: 'Leer = ganzes Lager. Handgeräte halten nur Lagerplätze und Bestand dieser Räume.',
  workAreaNoRooms: 'Keine Räume angelegt.',
  workAreaLoadError: BUILDINGS_UI.roomsLoadError,
} as const;

/** German texts of the QR badge dialog (client/features/users/QrCodeDialog.tsx). */
export const QR_CODE_UI = {
  title: (name: string) => `${QR_CODE}: ${name}`,
  close: UI.close,
  print: 'Drucken',
  generate: `${QR_CODE} erzeugen`,
  loadError: 'Fehler beim Laden des QR-Codes',
  imageAlt: USERS_UI.qrFor,
  oldInvalid: 'Zuvor gedruckte QR-Codes dieses Benutzers sind ab jetzt ungültig.',
  /** Before the warning in bold. */
  explain: 'Der QR-Code meldet den Benutzer ohne Passwort an. Beim Erzeugen wird ein neuer Code angelegt –',
  warning: 'ein zuvor gedruckter Code funktioniert danach nicht mehr.',
} as const;

/** German texts of the staff's customer access (/user-management, spec part 1 §6). */
export const ACCESS_UI = {
  title: CUSTOMER_ACCESS,
  subtitle: 'Welche Kunden ein Mitarbeiter sehen darf. Ohne Einschränkung sieht er alle Kunden.',
  empty: 'Keine Mitarbeiter vorhanden.',
  tableRegion: CUSTOMER_ACCESS,
  colUser: WORDS.user,
  colRole: FIELD_LABELS.role,
  colAccess: CUSTOMER_ACCESS,
  colAction: 'Aktion',
  manage: 'Verwalten',
  unrestricted: 'Alle Kunden + Lagerbestand',
  allExcept: (names: string) => `Alle außer: ${names}`,
  only: (names: string) => `Nur: ${names}`,
  // dialog
  dialogTitle: (name: string) => `${CUSTOMER_ACCESS}: ${name}`,
  saved: (name: string) => `${CUSTOMER_ACCESS} für ${name} gespeichert`,
  cancel: UI.cancel,
  save: UI.save,
  mode: 'Modus',
  modeInclude: 'Nur ausgewählte Kunden',
  modeExclude: 'Alle Kunden außer den ausgewählten',
  customers: FIELD_LABELS.customer_ids,
  noCustomers: 'Keine Kunden vorhanden.',
  /** Around the unrestricted label in bold. */
  noSelectionBefore: 'Keine Auswahl:',
  noSelectionAfter: '(keine Einschränkung).',
  seesAllExcept: (n: number) => `Sieht alle Kunden außer ${n === 1 ? 'dem ausgewählten' : `den ${n} ausgewählten`}.`,
  seesOnly: (n: number) => `Sieht nur ${n === 1 ? 'den ausgewählten Kunden' : `die ${n} ausgewählten Kunden`}.`,
  clearSelection: 'Auswahl leeren (alle Kunden)',
} as const;

/** German texts of a customer's logins (client/features/customers/CustomerUsersPanel.tsx). */
export const CUSTOMER_USERS_UI = {
  title: (company: string) => `${WORDS.user} von ${company}`,
  empty: 'Noch keine Benutzer für diesen Kunden.',
  created: (email: string) => `${ROLE_LABELS.customer_user} ${email} angelegt`,
  email: `${FIELD_LABELS.email} (${FIELD_LABELS.username})`,
  fullName: UI.fullName,
  password: PASSWORD,
  generatePassword: GENERATE_PASSWORD,
  create: `${WORDS.user} anlegen`,
  customerInactive: 'Der Kunde ist deaktiviert – neue Benutzer können erst nach dem Aktivieren angelegt werden.',
} as const;
