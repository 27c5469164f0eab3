/**
 * German texts of the wave planner (suggestions, unpickable orders).
 * Templates take {placeholders} for formatMessage (shared/i18n/format.ts).
 */
export const WAVE_TEXTS = {
  suggestionName: 'Vorschlag {n}',
  singleOrderName: 'Einzelauftrag {order_number}',
  /** One order, or several orders without a rack in common. */
  reasonRacks: '{orders} · Regale {racks} · {volume} % Volumen · {weight} kg · Laufweg {route} m',
  /** Several orders that share racks. */
  reasonSharedRacks: '{orders} mit gemeinsamen Regalen {racks} · {volume} % Volumen · {weight} kg · Laufweg {route} m',
  ordersOne: '1 Auftrag',
  ordersMany: '{n} Aufträge',
  reasonHeavy: 'Schwerer Auftrag ({weight} kg, über {limit} kg): eigene halbe oder ganze Palette, keine Sammelkommissionierung',
  reasonMissingData: 'Produktdaten unvollständig ({products}): Volumen und Gewicht unbekannt, daher einzeln kommissionieren',
  reasonOversize: 'Auftrag passt nicht auf eine Palette ({volume} % Volumen, {weight} kg): einzeln kommissionieren',
  /** Refusals of a wave that does not fit one pallet (WAVE_OVER_CAPACITY). */
  overWeight: 'Die Auswahl wiegt {weight} kg; eine Palette trägt höchstens {max_weight} kg.',
  overVolume: 'Die Auswahl braucht {volume} % des Palettenvolumens; eine Palette fasst höchstens 100 %.',
  heavyNotAlone: 'Auftrag {number} wiegt {weight} kg; ein Auftrag über {heavy} kg fährt allein auf seiner Palette.',
  unpickableReason: 'Nicht vollständig reserviert: {n} Position(en) ohne ausreichenden Bestand',
  messageSome: '{suggestions} Vorschläge für {orders} Aufträge',
  messageOne: '1 Vorschlag für {orders} Aufträge',
  messageNone: 'Keine kommissionierbaren Aufträge für Wellen verfügbar',
  messageUnpickable: '{n} Auftrag/Aufträge nicht kommissionierbar: fehlende Positionen löschen oder der Kunde passt den Auftrag an',
} as const;
