import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isManagerOrAdmin } from '../../../shared/domain/roles';
import { formatNumber } from '../../../shared/i18n/format';
import { ProductDetail } from '../../../shared/schemas/inventory';
import { apiGet, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Tabs } from '../../ui/Tabs';
import { Card, PageHeader, Spinner } from '../../ui/misc';
import { unitLabel } from './MovementTypeLabel';
import { ProductHistoryTable } from './ProductHistoryTable';
import { blockedTone } from './blocked';
import { type ProductPlace, ProductPlacesTable } from './ProductPlacesTable';
import { StockAdjustmentDialog } from './StockAdjustmentDialog';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/** Produktdetail (staff): tabs Übersicht, Orte (n) with "Korrigieren" for managers, Historie (n). */

function num(v: number | null, unit = ''): string {
  return v === null ? '–' : `${formatNumber(v, Number.isInteger(v) ? 0 : 1)}${unit}`;
}

export function ProductDetailView({ d, onCorrect }: { d: ProductDetail; onCorrect?: (row: ProductPlace) => void }) {
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
        <dt className="text-slate-500">{T.blocked}</dt>
        <dd className={blockedTone(d.stock.blocked_quantity)} data-testid="detail-blocked">
          {formatNumber(d.stock.blocked_quantity)}
        </dd>
        <dt className="text-slate-500">{T.locations}</dt>
        <dd>{d.stock.locations_count}</dd>
      </dl>
    </Card>
  );
  const places = <ProductPlacesTable rows={d.stock.locations} onCorrect={onCorrect} />;
  const history = <ProductHistoryTable rows={d.movement_history} />;
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
  const { user } = useSession();
  const [correcting, setCorrecting] = useState<ProductPlace | null>(null);
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
      {q.data ? <ProductDetailView d={q.data} onCorrect={user && isManagerOrAdmin(user) ? setCorrecting : undefined} /> : <Spinner />}
      {q.data && correcting ? <StockAdjustmentDialog ean={q.data.product.ean} row={correcting} onClose={() => setCorrecting(null)} /> : null}
    </div>
  );
}
