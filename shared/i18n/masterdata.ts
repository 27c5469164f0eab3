import { FIELD_LABELS } from './fields';
import { UI, WORDS } from './ui';

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
  editTitle: (company: string) => `${WORDS.customer} bearbeiten: ${company}`,
  numberAssigned: 'wird automatisch vergeben',
  saved: (company: string) => `${WORDS.customer} ${company} gespeichert`,
  created: (company: string, number: string) => `${WORDS.customer} ${company} angelegt (${number})`,
  empty: 'Noch keine Kunden angelegt.',
  tableRegion: FIELD_LABELS.customer_ids,
  colUsers: WORDS.user,
  colNumber: 'Kd.-Nr.',
  colCompany: WORDS.company,
  colContact: FIELD_LABELS.contact_person,
  colReach: 'Kontakt',
  colCity: FIELD_LABELS.city,
  colStatus: WORDS.status,
  colActions: WORDS.actions,
  usersOf: (company: string, open: boolean) => `${WORDS.user} und Preise von ${company} ${open ? 'ausblenden' : 'anzeigen'}`,
  edit: (company: string) => `${company} bearbeiten`,
  reactivated: (company: string) => `${WORDS.customer} ${company} aktiviert`,
  deactivateTitle: 'Kunde deaktivieren?',
  /** After the company's name, in bold. */
  deactivateText:
    'wird deaktiviert und steht in Auswahllisten nicht mehr zur Verfügung. Bestand, Aufträge und Historie bleiben erhalten; der Kunde kann jederzeit wieder aktiviert werden.',
} as const;

/** German texts of buildings and rooms (/buildings). */
export const BUILDINGS_UI = {
  title: 'Gebäude & Räume',
  subtitle: 'Gebäude und ihre Räume – Grundlage für Lageplan und Lagerplatz-Pfade',
  newBuilding: 'Neues Gebäude',
  editBuilding: `${FIELD_LABELS.building_id} bearbeiten`,
  saved: `${FIELD_LABELS.building_id} gespeichert`,
  created: `${FIELD_LABELS.building_id} angelegt`,
  codePlaceholder: 'H1',
  namePlaceholder: 'Halle 1',
  addressPlaceholder: 'Straße, PLZ Ort',
  loadError: 'Fehler beim Laden der Gebäude',
  createFirst: 'Bitte zuerst ein Gebäude anlegen.',
  empty: 'Noch keine Gebäude angelegt',
  tableRegion: FIELD_LABELS.building_id,
  colCode: 'Code',
  colName: FIELD_LABELS.name,
  colAddress: FIELD_LABELS.address,
  colRooms: 'Räume',
  colRacks: FIELD_LABELS.rack_ids,
  colType: WORDS.type,
  colActions: WORDS.actions,
  edit: (name: string) => `${name} bearbeiten`,
  deactivate: (name: string) => `${name} deaktivieren`,
  deactivateBuildingTitle: 'Gebäude deaktivieren?',
  /** Around the building's name, in bold. */
  deactivateBuildingBefore: 'Das Gebäude',
  deactivateBuildingAfter: 'und seine Räume werden deaktiviert. Gebäude mit Bestand können nicht deaktiviert werden.',
  // rooms of the selected building
  roomsIn: (building: string) => `Räume in ${building}`,
  roomsLoadError: 'Fehler beim Laden der Räume',
  noRooms: 'Noch keine Räume in diesem Gebäude.',
  roomName: 'Raumname',
  roomCodePlaceholder: 'R1',
  roomNamePlaceholder: 'Hauptlager',
  createRoom: 'Raum anlegen',
  roomCreated: (name: string) => `Raum ${name} angelegt`,
  deactivateRoomTitle: 'Raum deaktivieren?',
  /** Around the room's name, in bold. */
  deactivateRoomBefore: 'Der Raum',
  deactivateRoomAfter: 'wird deaktiviert. Räume mit Bestand können nicht deaktiviert werden.',
} as const;

const LOCATIONS_TITLE = 'Lageplan';
const RACK = FIELD_LABELS.rack_id;

/** German texts of the warehouse plan and rack list (/locations). */
export const LOCATIONS_UI = {
  title: LOCATIONS_TITLE,
  subtitle: 'Regale mit Ebenen und Fächern. Positionen in Metern – Grundlage der Pickroute.',
  newRack: 'Neues Regal anlegen',
  allBuildings: 'Alle Gebäude',
  room: FIELD_LABELS.room_id,
  allRooms: 'Alle Räume',
  view: 'Ansicht',
  viewPlan: LOCATIONS_TITLE,
  viewList: 'Liste',
  loadError: 'Fehler beim Laden der Lagerplätze',
  emptyAdmin: 'Keine Regale – legen Sie mit „Neues Regal anlegen“ das erste an.',
  empty: 'Keine Regale angelegt.',
  gridHintAdmin: 'Raster: 1 Kästchen = 1 m. Regale per Maus oder Finger ziehen; mit Tastatur: Pfeiltasten = 1 m, Umschalt + Pfeil = 10 cm.',
  gridHint: 'Raster: 1 Kästchen = 1 m.',
  // rack list
  listRegion: BUILDINGS_UI.colRacks,
  colRack: FIELD_LABELS.rack_id,
  colName: FIELD_LABELS.name,
  colBuilding: FIELD_LABELS.building_id,
  colRoom: FIELD_LABELS.room_id,
  colLevels: 'Ebenen',
  colCompartments: 'Fächer',
  colOccupied: 'Belegt',
  colStock: WORDS.stock,
  colPosition: 'Position (m)',
  colActions: WORDS.actions,
  printLabels: (rack: string) => `Labels für ${RACK} ${rack} drucken`,
  editRack: (rack: string) => `${RACK} ${rack} bearbeiten`,
  deleteRack: (rack: string) => `${RACK} ${rack} löschen`,
  delete: UI.delete,
  /** Title of the rack card's label button; its aria-label is printLabels. */
  print: 'Labels drucken',
  saved: (rack: string) => `${RACK} ${rack} gespeichert`,
  noBuilding: '– kein Gebäude –',
  noRoom: '– kein Raum –',
  chooseBuildingFirst: 'Erst ein Gebäude wählen',
  // rack card on the plan (client/features/locations/RackPlan.tsx)
  rackCard: (rack: string, x: string, y: string) => `${RACK} ${rack}, Position ${x} m / ${y} m`,
  levelsAndCompartments: (levels: number, compartments: number) => `${levels} Ebenen · ${compartments} Fächer`,
  occupancy: (occupied: number, compartments: number, pieces: string) => `Belegt: ${occupied}/${compartments} · ${pieces} ${WORDS.pieces}`,
  positionTitle: 'Position X / Y in Metern',
  positionMetres: (x: string, y: string) => `${x} / ${y} m`,
  // delete confirmation
  deleteTitle: `${RACK} löschen?`,
  /** Around the rack code in bold. */
  deleteBefore: RACK,
  deleteAfter: (levels: number, compartments: number) =>
    `mit allen ${levels} Ebenen und ${compartments} Fächern wird gelöscht. Regale mit Bestand können nicht gelöscht werden.`,
} as const;
