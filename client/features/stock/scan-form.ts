import type { RefObject } from 'react';

/** The inputs of the Einlagern and Auslagern forms (the data part focuses them, the view renders them). */
export interface StockScanRefs {
  ean: RefObject<HTMLInputElement | null>;
  qty: RefObject<HTMLInputElement | null>;
  notes: RefObject<HTMLInputElement | null>;
  shelf: RefObject<HTMLInputElement | null>;
}

/** Marks an input as a scan field (client/scan). */
export type StockScanField = (name: 'ean' | 'shelf') => { 'data-scan-field': string };
