import { coreErrors } from './core';
import { inboundErrors } from './inbound';
import { masterdataErrors } from './masterdata';
import { ordersErrors } from './orders';
import { freightErrors } from './freight';
import { packingErrors } from './packing';
import { palletErrors } from './pallets';
import { stockErrors } from './stock';
import { syncErrors } from './sync';
import { pickingErrors } from './picking';
import { relocationErrors } from './relocation';
import { stocktakeErrors } from './stocktakes';
import { returnErrors } from './returns';
import { adjustmentErrors } from './adjustment';
import { apiKeyErrors } from './api-keys';
import { waveErrors } from './waves';
import { billingErrors } from './billing';
import { orderImportErrors } from './order-import';
import { webhookErrors } from './webhooks';
import type { ErrorEntry } from './types';

/**
 * One catalogue of stable error codes -> HTTP status + German text.
 * The server answers { detail, code, params }; a device renders a sync rejection
 * from code + params with the same words, in its user's language where the code
 * is one a handheld shows (./device.ts, docs/architecture.md "Languages").
 */
export const errorCatalogue = {
  ...coreErrors,
  ...stockErrors,
  ...syncErrors,
  ...masterdataErrors,
  ...inboundErrors,
  ...ordersErrors,
  ...palletErrors,
  ...waveErrors,
  ...pickingErrors,
  ...packingErrors,
  ...freightErrors,
  ...relocationErrors,
  ...stocktakeErrors,
  ...returnErrors,
  ...adjustmentErrors,
  ...billingErrors,
  ...apiKeyErrors,
  ...orderImportErrors,
  ...webhookErrors,
} satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;
