import { CreateManualProductCommand } from '../../../shared/schemas/products';
import { defineCommand } from '../../offline';
import { createManualProduct } from './service';

/** products.createManual: args = body of POST /products/, result = its response. */
export const productCommands = [defineCommand(CreateManualProductCommand, 'warehouse', (ctx, args) => createManualProduct(ctx.trx, ctx.actor, args))];
