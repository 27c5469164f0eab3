import type { ErrorEntry } from './types';

/** Error codes of the offline sync (push/pull); rejected mutations carry these codes too. */
export const syncErrors = {
  /** params: clientVersion, serverVersion */
  SYNC_CLIENT_OUTDATED: {
    status: 426,
    de: 'Die App ist veraltet (Protokoll {clientVersion}, Server {serverVersion}). Bitte App aktualisieren – gespeicherte Buchungen bleiben erhalten.',
  },
  /** params: expectedId, receivedId */
  SYNC_OUT_OF_ORDER: { status: 409, de: 'Buchungen in falscher Reihenfolge: erwartet Nr. {expectedId}, erhalten Nr. {receivedId}' },
  SYNC_BATCH_INVALID: { status: 400, de: 'Die Buchungen einer Übertragung müssen lückenlos aufsteigend nummeriert sein' },
  SYNC_CLIENT_FOREIGN: { status: 403, de: 'Dieses Gerät ist einem anderen Benutzer zugeordnet' },
  /** params: userId */
  SYNC_AUTHOR_MISMATCH: {
    status: 403,
    de: 'Die Buchungen wurden von einem anderen Benutzer erfasst und werden erst nach dessen Anmeldung übertragen',
  },
  /** params: name */
  UNKNOWN_COMMAND: { status: 400, de: 'Unbekannter Vorgang {name} – bitte App aktualisieren' },
  /** A command failed for a reason that is neither a refusal nor an outage (a bug): stored as a rejection so the queue moves on. */
  COMMAND_FAILED: { status: 500, de: 'Buchung konnte nicht verarbeitet werden – bitte im Büro melden' },
  /** params: maxDepth */
  SYNC_ARGS_TOO_DEEP: { status: 400, de: 'Ungültige Buchungsdaten: mehr als {maxDepth} Ebenen verschachtelt' },
  /** params: bytes, maxBytes */
  SYNC_ARGS_TOO_LARGE: { status: 413, de: 'Ungültige Buchungsdaten: {bytes} Bytes, erlaubt sind höchstens {maxBytes}' },
  /** params: lastMutationId */
  SYNC_UNAVAILABLE: { status: 503, de: 'Synchronisation vorübergehend nicht möglich – wird automatisch wiederholt' },
} satisfies Record<string, ErrorEntry>;
