import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';

/** German texts of the user administration (/users). */
export const USERS_UI = {
  title: WORDS.user,
  subtitle: 'Mitarbeiter, Administratoren und Kundenbenutzer',
  newUser: 'Neuer Benutzer',
  empty: 'Noch keine Benutzer angelegt.',
  tableRegion: WORDS.user,
  colUser: WORDS.user,
  colEmail: FIELD_LABELS.email,
  colRole: FIELD_LABELS.role,
  colCustomer: WORDS.customer,
  colLogin: 'Anmeldung',
  colStatus: WORDS.status,
  colActions: WORDS.actions,
  admin: 'Admin',
  passwordAndQr: 'Passwort + QR',
  qrOnly: 'Nur QR-Code',
  qrCode: FIELD_LABELS.qr_token,
  edit: (username: string) => `${username} bearbeiten`,
  qrFor: (username: string) => `QR-Code für ${username}`,
  toggled: (username: string, active: boolean) => `${WORDS.user} ${username} ${active ? 'aktiviert' : 'deaktiviert'}`,
} as const;

/** German texts of the customer administration (/customers). */
export const CUSTOMERS_UI = {
  title: FIELD_LABELS.customer_ids,
  subtitle: 'Einlagerer und ihre Zugänge',
  newCustomer: 'Neuer Kunde',
  empty: 'Noch keine Kunden angelegt.',
  tableRegion: FIELD_LABELS.customer_ids,
  colUsers: WORDS.user,
  colNumber: 'Kd.-Nr.',
  colCompany: 'Firma',
  colContact: FIELD_LABELS.contact_person,
  colReach: 'Kontakt',
  colCity: FIELD_LABELS.city,
  colStatus: WORDS.status,
  colActions: WORDS.actions,
  usersOf: (company: string, open: boolean) => `${WORDS.user} von ${company} ${open ? 'ausblenden' : 'anzeigen'}`,
  edit: (company: string) => `${company} bearbeiten`,
  reactivated: (company: string) => `${WORDS.customer} ${company} aktiviert`,
  deactivateTitle: 'Kunde deaktivieren?',
  /** After the company's name, in bold. */
  deactivateText:
    'wird deaktiviert und steht in Auswahllisten nicht mehr zur Verfügung. Bestand, Aufträge und Historie bleiben erhalten; der Kunde kann jederzeit wieder aktiviert werden.',
} as const;
