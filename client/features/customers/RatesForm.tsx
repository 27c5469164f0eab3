import { Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CHARGE_CODES, type ChargeCode, RATE_MAX_CENTS } from '../../../shared/constants';
import { CHARGE_CODE_LABELS, RATES_UI as T } from '../../../shared/i18n/billing';
import { formatNumber } from '../../../shared/i18n/format';
import type { RateCard } from '../../../shared/schemas/billing';
import { euroToCents } from '../../../shared/schemas/freight';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';

type Prices = Record<ChargeCode, string>;

const toInputs = (card: RateCard): Prices => {
  const prices = Object.fromEntries(CHARGE_CODES.map((c) => [c, ''])) as Prices;
  for (const r of card.rates) prices[r.code] = formatNumber(r.price_cents / 100, 2);
  return prices;
};

/** The rate card as a list of every charge code with a euro input ("0,35"); empty = not charged. */
export function RatesForm({
  card,
  busy,
  serverError,
  onSave,
}: {
  card: RateCard;
  busy: boolean;
  serverError: string | null;
  onSave: (card: RateCard) => void;
}) {
  const [prices, setPrices] = useState<Prices>(() => toInputs(card));
  const [invalid, setInvalid] = useState<Set<ChargeCode>>(new Set());
  const idBase = useId();

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const bad = new Set<ChargeCode>();
    const rates: RateCard['rates'] = [];
    for (const code of CHARGE_CODES) {
      if (prices[code].trim() === '') continue;
      const cents = euroToCents(prices[code]);
      if (!Number.isInteger(cents) || cents < 0 || cents > RATE_MAX_CENTS) bad.add(code);
      else rates.push({ code, price_cents: cents });
    }
    setInvalid(bad);
    if (bad.size === 0) onSave({ rates });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="rates-form">
      {serverError ? <ErrorBox>{serverError}</ErrorBox> : null}
      <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
        <div className="grid grid-cols-[1fr_10rem] gap-2 border-b border-slate-200 px-3 py-2 text-xs font-medium text-slate-500">
          <span>{T.colCode}</span>
          <span className="text-right">{T.colPrice}</span>
        </div>
        {CHARGE_CODES.map((code) => (
          <div key={code} className="grid grid-cols-[1fr_10rem] items-center gap-2 border-b border-slate-100 px-3 py-1.5 text-sm last:border-b-0">
            <label htmlFor={`${idBase}-${code}`}>{CHARGE_CODE_LABELS[code]}</label>
            <span className="flex flex-col items-end">
              <Input
                id={`${idBase}-${code}`}
                className="text-right"
                inputMode="decimal"
                placeholder={T.notCharged}
                value={prices[code]}
                onChange={(e) => setPrices((p) => ({ ...p, [code]: e.target.value }))}
                aria-invalid={invalid.has(code)}
                data-testid={`rate-${code}`}
              />
              {invalid.has(code) ? (
                <span className="text-xs text-red-600" role="alert">
                  {T.priceInvalid}
                </span>
              ) : null}
            </span>
          </div>
        ))}
      </div>
      <div>
        <Button type="submit" icon={<Save className="h-4 w-4" />} busy={busy} data-testid="rates-save">
          {T.save}
        </Button>
      </div>
    </form>
  );
}
