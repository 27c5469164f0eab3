import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { formatDate, formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { ProductDetail } from '../../../shared/schemas/inventory';
import { apiGet, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Tabs } from '../../ui/Tabs';
import { Card, EmptyState, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { movementTypeLabel, unitLabel } from './MovementTypeLabel';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/** Produktdetail (staff): tabs Übersicht, Orte (n), Historie (n). */

function num(v: number | null, unit = ''): string {
  return v === null ? '–' : `${formatNumber(v, Number.isInteger(v) ? 0 : 1)}${unit}`;
}

export function ProductDetailView({ d }: { d: ProductDetail }) {
  const p = d.product;
  const dims = p.length_cm !== null && p.width_cm !== null && p.height_cm !== null ? `${num(p.length_cm)} × ${num(p.width_cm)} × ${num(p.height_cm)} cm` : '–';
  const overview = (
    <Card className="p-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">{T.title}</dt>
        <dd className="font-medium">{p.title}</dd>
        <dt className="text-slate-500">{T.ean}</dt>
        <dd className="font-mono">{p.ean}</dd>
        <dt className="text-slate-500">{T.baseUnit}</dt>
        <dd>{unitLabel(p.base_unit)}</dd>
        <dt className="text-slate-500">{FIELD_LABELS.units_per_box}</dt>
        <dd>{num(p.units_per_box)}</dd>
        <dt className="text-slate-500">{FIELD_LABELS.boxes_per_pallet}</dt>
        <dd>{num(p.boxes_per_pallet)}</dd>
        <dt className="text-slate-500">{T.weight}</dt>
        <dd>{num(p.weight_kg, ' kg')}</dd>
        <dt className="text-slate-500">{T.dimensions}</dt>
        <dd>{dims}</dd>
        <dt className="text-slate-500">{T.description}</dt>
        <dd className="whitespace-pre-line">{p.description ?? '–'}</dd>
        <dt className="text-slate-500">{T.totalQuantity}</dt>
        <dd className="font-semibold" data-testid="detail-total">
          {formatNumber(d.stock.total_quantity)}
        </dd>
        <dt className="text-slate-500">{T.locations}</dt>
        <dd>{d.stock.locations_count}</dd>
      </dl>
    </Card>
  );
  const places =
    d.stock.locations.length === 0 ? (
      <EmptyState>{T.noStock}</EmptyState>
    ) : (
      <div className={table.wrap} {...scrollRegion(T.placesRegion)}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.location}</th>
              <th className={table.th}>{T.barcode}</th>
              <th className={table.th}>{T.customer}</th>
              <th className={`${table.th} text-right`}>{T.quantity}</th>
              <th className={table.th}>{T.unit}</th>
              <th className={table.th}>{T.batch}</th>
              <th className={table.th}>{T.bestBefore}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {d.stock.locations.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one place may share batch and date; the list is read-only and never reordered
              <tr key={`${l.location_id}-${l.batch_number}-${l.expiry_date}-${i}`} className={table.tr}>
                <td className={table.td}>{l.location_path}</td>
                <td className={`${table.td} font-mono text-xs`}>{l.location_barcode ?? '–'}</td>
                <td className={table.td}>{l.customer_name}</td>
                <td className={`${table.td} text-right font-semibold`}>{formatNumber(l.quantity)}</td>
                <td className={table.td}>{unitLabel(l.unit)}</td>
                <td className={table.td}>{l.batch_number ?? '–'}</td>
                <td className={table.td}>{l.expiry_date ? formatDate(l.expiry_date) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  const history =
    d.movement_history.length === 0 ? (
      <EmptyState>{T.noMovements}</EmptyState>
    ) : (
      <div className={table.wrap} {...scrollRegion(T.movementsRegion)}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.time}</th>
              <th className={table.th}>{T.kind}</th>
              <th className={`${table.th} text-right`}>{T.quantity}</th>
              <th className={table.th}>{T.unit}</th>
              <th className={table.th}>{T.location}</th>
              <th className={table.th}>{T.user}</th>
              <th className={table.th}>{T.batch}</th>
              <th className={table.th}>{T.reference}</th>
              <th className={table.th}>{T.notes}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {d.movement_history.map((m) => (
              <tr key={m.id} className={table.tr}>
                <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(m.created_at)}</td>
                <td className={table.td}>{movementTypeLabel(m.movement_type)}</td>
                <td className={`${table.td} text-right font-medium ${m.quantity > 0 ? 'text-emerald-700' : 'text-red-700'}`}>
                  {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
                </td>
                <td className={table.td}>{unitLabel(m.unit)}</td>
                <td className={table.td}>{m.location_path ?? '–'}</td>
                <td className={table.td}>{m.username ?? '–'}</td>
                <td className={table.td}>{m.batch_number ?? '–'}</td>
                <td className={table.td}>
                  {m.notification_number
                    ? T.notificationRef(m.notification_number)
                    : m.inbound_notification_id
                      ? T.notificationIdRef(m.inbound_notification_id)
                      : m.order_id
                        ? T.orderIdRef(m.order_id)
                        : '–'}
                </td>
                <td className={table.td}>{m.notes ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Tabs
      items={[
        { value: 'overview', label: T.tabOverview, content: overview },
        { value: 'places', label: T.tabPlaces(d.stock.locations.length), content: places },
        { value: 'history', label: T.tabHistory(d.movement_history.length), content: history },
      ]}
    />
  );
}

export function ProductDetailScreen() {
  const params = useParams({ strict: false }) as { productId?: string };
  const navigate = useNavigate();
  const id = Number(params.productId);
  const q = useQuery({
    queryKey: ['product-details', id],
    queryFn: () => apiGet(`/inventory/products/${id}/details`, ProductDetail),
    enabled: Number.isInteger(id) && id > 0,
  });
  const failed = q.isError || !(Number.isInteger(id) && id > 0);
  useEffect(() => {
    if (!failed) return;
    toast.error(q.error ? errorMessage(q.error, UI.loadProductDetailsError) : UI.loadProductDetailsError);
    void navigate({ to: '/inventory' });
  }, [failed, q.error, navigate]);
  return (
    <div>
      <Link to="/inventory" className="mb-2 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" /> {T.overviewTitle}
      </Link>
      <PageHeader title={q.data?.product.title ?? T.detailTitle} subtitle={q.data ? T.detailEan(q.data.product.ean) : undefined} />
      {q.data ? <ProductDetailView d={q.data} /> : <Spinner />}
    </div>
  );
}
