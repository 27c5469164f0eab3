import { CreateProductRequest } from '../../../shared/schemas/products';
import { defineCommand } from '../../../sync/server/registry';
import { createManualProduct } from './service';

/** products.createManual: args = body of POST /products/, result = its response. */
export const createManualProductCommand = defineCommand({
  name: 'products.createManual',
  access: 'warehouse',
  args: CreateProductRequest,
  run: (ctx, args) => createManualProduct(ctx.trx, ctx.actor, args),
});
