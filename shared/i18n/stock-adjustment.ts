import { ADJUSTMENT_REASON_LABELS, type AdjustmentReason, MOVEMENT_TYPE_LABELS, type MovementType } from '../constants';
import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';

const REASON_LABELS = Object.values(ADJUSTMENT_REASON_LABELS);

/** German texts of stock corrections (Bestandskorrektur, docs/operations.md "Stock corrections"). */
export const ADJUSTMENT_VALIDATION = {
  deltaRequired: 'Mengenänderung ist erforderlich',
  deltaInteger: 'Mengenänderung muss eine ganze Zahl sein',
  deltaNotZero: 'Mengenänderung darf nicht 0 sein',
  deltaTooLarge: 'Mengenänderung ist zu groß',
  reasonRequired: 'Bitte einen Grund wählen',
  reasonInvalid: `Grund muss ${REASON_LABELS.slice(0, -1).join(', ')} oder ${REASON_LABELS.at(-1)} sein`,
  noteRequired: `Bei Grund „${ADJUSTMENT_REASON_LABELS.other}“ ist eine Notiz erforderlich`,
} as const;

export const ADJUSTMENT_TEXTS = {
  action: 'Korrigieren',
  actionFor: (place: string, customer: string) => `Bestand an ${place} (${customer}) korrigieren`,
  columnActions: WORDS.actions,
  dialogTitle: 'Bestand korrigieren',
  dialogPlace: (place: string, customer: string, quantity: string) => `${place} · ${customer} · Bestand ${quantity}`,
  delta: `${FIELD_LABELS.quantity_delta} (+/−)`,
  deltaHint: 'Positiv bucht zu, negativ bucht aus (z. B. -1)',
  reason: FIELD_LABELS.reason,
  chooseReason: 'Grund wählen',
  note: FIELD_LABELS.note,
  submit: 'Korrektur buchen',
  success: (delta: string, place: string, after: string) => `Korrektur gebucht: ${delta} Stück an ${place}, jetzt ${after} Stück`,
  error: 'Fehler beim Korrigieren',
  /** The status-log description of a correction. */
  logDescription: (delta: string, ean: string, place: string, reason: string) => `Bestandskorrektur ${delta} × ${ean} an ${place} (${reason})`,
} as const;

/** "Korrektur · beschädigt" for an adjustment with its reason, else the movement type's label. */
export function movementKindLabel(type: MovementType, reason: AdjustmentReason | null | undefined): string {
  const label = MOVEMENT_TYPE_LABELS[type] ?? type;
  return reason ? `${label} · ${ADJUSTMENT_REASON_LABELS[reason]}` : label;
}

/** The CSV export of the movement history (GET /movements.csv). */
export const MOVEMENTS_CSV = {
  button: 'CSV exportieren',
  filename: 'bewegungen.csv',
  headers: [
    'Datum',
    WORDS.type,
    FIELD_LABELS.reason,
    FIELD_LABELS.ean,
    FIELD_LABELS.productId,
    WORDS.customer,
    FIELD_LABELS.location_id,
    WORDS.batch,
    WORDS.quantity,
    WORDS.user,
    FIELD_LABELS.note,
  ],
} as const;
