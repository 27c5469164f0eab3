/**
 * German texts of camera scanning (client/scan/camera, docs/architecture.md
 * "Camera scanning"). Apart from scan.ts, which the shell's chunk holds: these
 * travel with the camera button, not in the first screen's JavaScript.
 */
export const cameraTexts = {
  open: 'Mit der Kamera scannen',
  title: 'Kamera-Scan',
  /** Shown before the browser asks for the camera. */
  explain:
    'Zum Scannen mit der Kamera fragt der Browser gleich, ob Lagerwerk die Kamera verwenden darf. Die Bilder werden nur auf diesem Gerät ausgewertet und nicht gespeichert; die Kamera geht nach dem Lesen wieder aus.',
  allow: 'Kamera einschalten',
  starting: 'Kamera wird gestartet …',
  aim: 'Barcode ins Bild halten – er wird automatisch gelesen.',
  torchOn: 'Licht an',
  torchOff: 'Licht aus',
  refused:
    'Die Kamera ist nicht erlaubt. Bitte den Code eintippen oder mit dem Scanner lesen. (Die Erlaubnis lässt sich in den Einstellungen des Browsers ändern.)',
  unavailable: 'Dieses Gerät hat keine nutzbare Kamera. Bitte den Code eintippen.',
  failed: 'Der Barcode-Leser konnte nicht geladen werden. Bitte den Code eintippen.',
  typeInstead: 'Code eintippen',
} as const;
