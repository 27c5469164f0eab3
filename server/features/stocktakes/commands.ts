import { StocktakeCountCommand, StocktakePlaceDoneCommand } from '../../../shared/schemas/stocktake';
import { defineCommand } from '../../offline';
import { countStock, placeDone } from './counts';

/**
 * Offline twins of POST /stocktakes/{id}/counts and …/places/{barcode}/done
 * (docs/operations.md "Stocktake"): the same service functions, the count
 * line and the place tagged with the mutation.
 */
export const stocktakeCommands = [
  defineCommand(StocktakeCountCommand, 'warehouse', (ctx, { stocktake_id, ...input }) =>
    countStock(ctx.trx, ctx.actor, stocktake_id, input, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
  defineCommand(StocktakePlaceDoneCommand, 'warehouse', (ctx, args) =>
    placeDone(ctx.trx, ctx.actor, args.stocktake_id, args.location_barcode, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
];
