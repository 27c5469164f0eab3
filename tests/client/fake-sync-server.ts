import type { WsLocation } from '../../shared/schemas/locations';
import type { WsProduct } from '../../shared/schemas/products';
import type { WsStock } from '../../shared/schemas/stock';
import type { Mutation, MutationResult, PatchOp, PullRequest, PushRequest } from '../../sync/protocol';
import type { HttpAnswer, SyncTransport } from '../../sync/device/transport';

/**
 * An in-memory stand-in for /api/sync/push and /api/sync/pull that follows
 * SYNC.md's rules (per-client counter, stored outcomes, 409 on a gap, author
 * check, 401 for unknown tokens). Stock commands work on a tiny stock table so
 * that device tests can check optimistic effects against "server" data.
 */
export class FakeSyncServer implements SyncTransport {
  /** token -> user id */
  tokens = new Map<string, number>();
  clients = new Map<string, { userId: number; last: number; outcomes: Map<number, MutationResult> }>();
  products: WsProduct[] = [];
  locations: WsLocation[] = [];
  stock: WsStock[] = [];
  /** Every (clientId, id) the server applied, in order. */
  applied: Array<{ clientId: string; id: number; name: string }> = [];
  /** Every push request as received. */
  pushes: PushRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  delayMs = 0;
  /** Answer the next pushes with this status instead of handling them. */
  failNext: number[] = [];
  private version = 1;

  constructor() {
    this.products = [{ id: 1, ean: '4006381333931', title: 'Testartikel', image_url: null, base_unit: 'piece', units_per_box: null, boxes_per_pallet: null }];
    this.locations = [
      { id: 10, barcode: 'A-01-01', path: 'Halle 1 / Hauptlager / A-01-01', is_active: true },
      { id: 11, barcode: 'A-01-02', path: 'Halle 1 / Hauptlager / A-01-02', is_active: true },
    ];
    this.stock = [{ id: 100, product_id: 1, customer_id: 1, location_id: 10, batch_number: '', expiry_date: null, quantity: 5, reserved_quantity: 0 }];
  }

  private sleep(): Promise<void> {
    return new Promise((r) => setTimeout(r, this.delayMs));
  }

  private run(m: Mutation): MutationResult {
    const args = m.args as { ean: string; quantity: number; location_barcode: string; customer_id?: number };
    const product = this.products.find((p) => p.ean === args.ean);
    if (!product) return { id: m.id, status: 'rejected', code: 'PRODUCT_NOT_FOUND', params: { ean: args.ean } };
    const loc = this.locations.find((l) => l.barcode === args.location_barcode);
    if (!loc) return { id: m.id, status: 'rejected', code: 'LOCATION_NOT_FOUND', params: { barcode: args.location_barcode } };
    if (m.name === 'stock.inbound') {
      let row = this.stock.find((s) => s.product_id === product.id && s.location_id === loc.id && s.customer_id === args.customer_id);
      if (!row) {
        row = { id: 100 + this.stock.length + 1, product_id: product.id, customer_id: args.customer_id ?? 1, location_id: loc.id, batch_number: '', expiry_date: null, quantity: 0, reserved_quantity: 0 };
        this.stock.push(row);
      }
      row.quantity += args.quantity;
      return { id: m.id, status: 'applied', result: { product_title: product.title, location_path: loc.path } };
    }
    const row = this.stock.find((s) => s.product_id === product.id && s.location_id === loc.id);
    const avail = row ? row.quantity - row.reserved_quantity : 0;
    if (!row || avail < args.quantity) {
      return { id: m.id, status: 'rejected', code: 'STOCK_INSUFFICIENT', params: { location: loc.barcode, available: avail, requested: args.quantity } };
    }
    row.quantity -= args.quantity;
    return { id: m.id, status: 'applied', result: { product_title: product.title } };
  }

  async push(req: PushRequest, token: string): Promise<HttpAnswer> {
    this.pushes.push(req);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs) await this.sleep();
      const forced = this.failNext.shift();
      if (forced !== undefined) return { status: forced, body: forced === 0 ? null : { detail: 'x', code: 'FORCED' } };
      const userId = this.tokens.get(token);
      if (userId === undefined) return { status: 401, body: { detail: 'Sitzung abgelaufen', code: 'UNAUTHORIZED' } };
      if (req.mutations.some((m) => m.userId !== userId)) return { status: 403, body: { detail: 'fremd', code: 'SYNC_AUTHOR_MISMATCH' } };
      let c = this.clients.get(req.clientId);
      if (!c) {
        c = { userId, last: 0, outcomes: new Map() };
        this.clients.set(req.clientId, c);
      }
      if (c.userId !== userId) return { status: 403, body: { detail: 'fremd', code: 'SYNC_CLIENT_FOREIGN' } };
      const results: MutationResult[] = [];
      for (const m of req.mutations) {
        if (m.id <= c.last) {
          const o = c.outcomes.get(m.id);
          results.push({ id: m.id, status: 'duplicate', original: o?.status === 'rejected' ? 'rejected' : 'applied', result: o?.result, code: o?.code, params: o?.params });
          continue;
        }
        if (m.id > c.last + 1) {
          return { status: 409, body: { detail: 'gap', code: 'SYNC_OUT_OF_ORDER', expectedId: c.last + 1, lastMutationId: c.last, results } };
        }
        const r = this.run(m);
        c.outcomes.set(m.id, r);
        c.last = m.id;
        this.version++;
        if (r.status === 'applied') this.applied.push({ clientId: req.clientId, id: m.id, name: m.name });
        results.push(r);
      }
      return { status: 200, body: { lastMutationId: c.last, results } };
    } finally {
      this.inFlight--;
    }
  }

  async pull(req: PullRequest, token: string): Promise<HttpAnswer> {
    const userId = this.tokens.get(token);
    if (userId === undefined) return { status: 401, body: { detail: 'Sitzung abgelaufen', code: 'UNAUTHORIZED' } };
    // Always a full snapshot: simple and enough to test the device's merge.
    const patch: PatchOp[] = [
      ...this.products.map((p): PatchOp => ({ op: 'put', entity: 'product', id: p.id, data: { ...p } })),
      ...this.locations.map((l): PatchOp => ({ op: 'put', entity: 'location', id: l.id, data: { ...l } })),
      ...this.stock.filter((s) => s.quantity > 0).map((s): PatchOp => ({ op: 'put', entity: 'stock', id: s.id, data: { ...s } })),
      { op: 'put', entity: 'customer', id: 1, data: { id: 1, customer_number: 'K-1', company_name: 'Kunde Eins', is_active: true } },
    ];
    return { status: 200, body: { cookie: this.version, lastMutationId: this.clients.get(req.clientId)?.last ?? 0, reset: true, patch } };
  }
}
