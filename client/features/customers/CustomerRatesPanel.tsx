import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RATES_UI as T } from '../../../shared/i18n/billing';
import { RateCard } from '../../../shared/schemas/billing';
import type { Customer } from '../../../shared/schemas/customers';
import { apiGet, apiPut, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorBox, Spinner } from '../../ui/misc';
import { customerKeys } from './api';
import { RatesForm } from './RatesForm';

/** "Preise" of one customer (expanded row, admin): loads the rate card and saves it (docs/operations.md "Billing (Abrechnung)"). */
export function CustomerRatesPanel({ customer }: { customer: Customer }) {
  const qc = useQueryClient();
  const rates = useQuery({ queryKey: customerKeys.customerRates(customer.id), queryFn: () => apiGet(`/customers/${customer.id}/rates`, RateCard) });
  const save = useMutation({
    mutationFn: (card: RateCard) => apiPut(`/customers/${customer.id}/rates`, card, RateCard),
    onSuccess: (card) => {
      qc.setQueryData(customerKeys.customerRates(customer.id), card);
      toast.success(T.saved(customer.company_name));
    },
  });

  return (
    <section className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50 px-3 py-3" data-testid={`customer-rates-${customer.id}`}>
      <h3 className="text-sm font-semibold text-slate-700">{T.title(customer.company_name)}</h3>
      <p className="text-xs text-slate-500">{T.hint}</p>
      {rates.isPending ? (
        <Spinner />
      ) : rates.isError ? (
        <ErrorBox>{errorMessage(rates.error, T.loadError)}</ErrorBox>
      ) : (
        <RatesForm
          key={rates.dataUpdatedAt}
          card={rates.data}
          busy={save.isPending}
          serverError={save.isError ? errorMessage(save.error, T.saveError) : null}
          onSave={(card) => save.mutate(card)}
        />
      )}
    </section>
  );
}
