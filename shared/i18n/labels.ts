/** German texts of the label output (docs/integrations.md "Label printers (ZPL)"). */
export const LABEL_OUTPUT_TEXTS = {
  settingLabel: 'Etikettenformat',
  settingDescription: 'PDF für Laserdrucker und Ansicht im Browser, ZPL für Zebra-Etikettendrucker (Versand-, Paletten- und DISP-Etiketten)',
  optionPdf: 'PDF (Laserdrucker)',
  optionZpl: 'ZPL (Zebra-Etikettendrucker)',
  formatInvalid: 'Etikettenformat muss pdf oder zpl sein',
  /** Toast when a ZPL file was saved (a browser cannot show ZPL). */
  zplDownloaded: 'ZPL-Datei gespeichert – bitte roh an den Etikettendrucker senden',
} as const;
