import { RETURN_STATUS_LABELS } from '../../../shared/domain/returns';
import { formatMessage } from '../../../shared/i18n/format';
import { RETURN_RECEIVE_UI, RETURNS_UI } from '../../../shared/i18n/returns';
import { texts } from '../../../shared/i18n/translate';
import { WORDS } from '../../../shared/i18n/ui';
import type { WsReturn } from '../../../shared/schemas/returns';
import { Badge } from '../../ui/misc';

/** Display only: the return on the device (number, customer, order, each line announced / received). */
export function ReturnCard({ ret, activeProductId }: { ret: WsReturn; activeProductId: number | null }) {
  const T = texts(RETURN_RECEIVE_UI);
  return (
    <div className="flex flex-col gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="return-card">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold" data-testid="return-number">
          {ret.return_number}
        </span>
        <Badge tone={ret.status === 'received' ? 'green' : 'amber'}>{texts(RETURN_STATUS_LABELS)[ret.status]}</Badge>
      </div>
      <div className="text-slate-700">
        <span data-testid="return-customer">{ret.customer_name}</span> ·{' '}
        <span className="whitespace-nowrap">{texts(RETURNS_UI).orderRef(ret.order_number)}</span>
      </div>
      <table className="w-full text-left">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 font-medium">{texts(WORDS).article}</th>
            <th className="w-24 py-1 pl-2 text-right font-medium">{T.receivedOfAnnounced}</th>
          </tr>
        </thead>
        <tbody>
          {ret.lines.map((l) => (
            <tr
              key={l.product_id}
              data-testid={`return-line-${l.product_ean}`}
              className={`border-t border-slate-200 ${l.product_id === activeProductId ? 'bg-brand-50 font-semibold' : ''}`}
            >
              <td className="py-1 pr-2">
                <span className="block">{l.product_title}</span>
                <span className="block text-xs text-slate-500">{l.product_ean}</span>
              </td>
              <td className="py-1 pl-2 text-right whitespace-nowrap">
                <span data-testid="return-line-received">{l.received_quantity}</span> / {l.quantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Display only: one choice of a few (condition, disposition, which return), as large toggle buttons. */
export function ChoiceButtons<K extends string>(p: {
  legend: string;
  options: ReadonlyArray<{ key: K; label: string }>;
  value: K | null;
  onChoose: (key: K) => void;
  testId: string;
  columns?: number;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">{p.legend}</legend>
      <div className={`grid gap-2 ${p.columns === 1 ? 'grid-cols-1' : 'grid-cols-3'}`}>
        {p.options.map((o) => (
          <button
            key={o.key}
            type="button"
            aria-pressed={o.key === p.value}
            onClick={() => p.onChoose(o.key)}
            data-testid={`${p.testId}-${o.key}`}
            className={`min-h-12 rounded-md border px-2 py-2 text-sm font-medium ${o.key === p.value ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-800'}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** "noch höchstens n Stück" of the line being received. */
export const roomText = (room: number) => (room > 0 ? formatMessage(texts(RETURN_RECEIVE_UI).room, { room }) : texts(RETURN_RECEIVE_UI).noRoom);
