import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { AddressProblems } from '../../../shared/domain/address';
import { countryName } from '../../../shared/domain/countries';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { isCustomerUser } from '../../../shared/domain/roles';
import { apiPatch, apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { Field, Input, Select, Textarea } from '../../ui/Field';
import { ErrorBox, Spinner } from '../../ui/misc';
import { useActiveCountries, useMyStock, useRefreshOrders } from './hooks';
import { draftFromOrder, draftProblems, emptyDraft, type NewLine, ORDER_FORM_TEXT, type OrderDraft, toRequest } from './order-form';
import { ORDER_ERRORS, ORDER_FORM_UI, ORDER_UI } from '../../../shared/i18n/orders';
import { SHIPPING_WORDS, UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { AddLinePanel, emptyLine, LineList } from './OrderLines';

/**
 * Create/edit modal of the customer's outbound order (spec part 2 §2, §5).
 * Admin and warehouse_manager use it too, to fix the lines of a new or
 * confirmed order; the articles then come from the order's customer's stock.
 */
export function OrderFormDialog({ order, onClose }: { order: OutboundOrder | null; onClose: () => void }) {
  const { user } = useSession();
  const staffEdit = order !== null && user !== null && !isCustomerUser(user);
  const [draft, setDraft] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : emptyDraft()));
  const [fieldErrors, setFieldErrors] = useState<AddressProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [line, setLine] = useState<NewLine>(emptyLine);
  const countries = useActiveCountries();
  const stock = useMyStock(true, staffEdit ? order.customer_id : undefined);
  const refresh = useRefreshOrders();
  const ownReserved = useMemo(() => new Map((order?.items ?? []).map((i) => [i.product_id, i.reserved_quantity])), [order]);
  const orderable = useMemo(() => (stock.data ?? []).filter((s) => s.available_quantity > 0 || ownReserved.has(s.product_id)), [stock.data, ownReserved]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toRequest>) =>
      order ? apiPatch(`/outbound-orders/${order.id}`, body, OutboundOrder) : apiPost('/outbound-orders/', body, OutboundOrder),
    onSuccess: (o) => {
      toast.success(order ? ORDER_FORM_UI.saved(o.order_number) : ORDER_FORM_UI.created(o.order_number));
      refresh();
      onClose();
    },
    onError: (e) => {
      const msg = errorMessage(e, order ? ORDER_ERRORS.update : ORDER_ERRORS.create);
      setFormError(msg);
      toast.error(msg);
    },
  });

  const set = (k: keyof OrderDraft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = draftProblems(draft, line);
    setFieldErrors(p.fields);
    setFormError(p.items);
    if (Object.keys(p.fields).length > 0 || p.items) return;
    save.mutate(toRequest(draft));
  };

  const countryOptions = countries.data ?? [];
  const hasCurrent = countryOptions.some((c) => c.code === draft.delivery_country);

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      size="lg"
      title={order ? ORDER_FORM_UI.editTitle(order.order_number) : ORDER_FORM_UI.newTitle}
      footer={
        <FormFooter
          form="order-form"
          busy={save.isPending}
          onCancel={onClose}
          submitLabel={order ? UI.save : ORDER_FORM_UI.submitNew}
          submitTestId="order-save"
        />
      }
    >
      <form id="order-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <section className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={SHIPPING_WORDS.deliveryAddress}>
          <Field label={FIELD_LABELS.delivery_name} required error={fieldErrors.delivery_name}>
            {(id) => <Input id={id} value={draft.delivery_name} onChange={set('delivery_name')} autoComplete="name" />}
          </Field>
          <Field label={ORDER_UI.emailOptional} error={fieldErrors.delivery_email}>
            {(id) => <Input id={id} type="email" value={draft.delivery_email} onChange={set('delivery_email')} />}
          </Field>
          <Field label={FIELD_LABELS.delivery_address} required error={fieldErrors.delivery_address} className="sm:col-span-2">
            {(id) => <Input id={id} value={draft.delivery_address} onChange={set('delivery_address')} autoComplete="street-address" />}
          </Field>
          <Field label={FIELD_LABELS.delivery_postal_code} required error={fieldErrors.delivery_postal_code}>
            {(id) => <Input id={id} value={draft.delivery_postal_code} onChange={set('delivery_postal_code')} inputMode="numeric" autoComplete="postal-code" />}
          </Field>
          <Field label={FIELD_LABELS.delivery_city} required error={fieldErrors.delivery_city}>
            {(id) => <Input id={id} value={draft.delivery_city} onChange={set('delivery_city')} />}
          </Field>
          <Field
            label={FIELD_LABELS.delivery_country}
            required
            error={fieldErrors.delivery_country ?? (countries.error ? errorMessage(countries.error, ORDER_ERRORS.countries) : null)}
          >
            {(id) => (
              <Select id={id} value={draft.delivery_country} onChange={set('delivery_country')} data-testid="order-country">
                {!hasCurrent ? <option value={draft.delivery_country}>{countryName(draft.delivery_country)}</option> : null}
                {countryOptions.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name_de}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={FIELD_LABELS.notes} className="sm:col-span-2">
            {(id) => <Textarea id={id} value={draft.notes} onChange={set('notes')} rows={2} />}
          </Field>
        </section>
        <section className="flex flex-col gap-2" aria-label={FIELD_LABELS.items}>
          <h3 className="font-semibold text-slate-900">{FIELD_LABELS.items}</h3>
          <LineList items={draft.items} onRemove={(pid) => setDraft({ ...draft, items: draft.items.filter((i) => i.product_id !== pid) })} />
          {stock.isLoading ? (
            <Spinner label={ORDER_FORM_UI.stockLoading} />
          ) : stock.error ? (
            <ErrorBox>{errorMessage(stock.error, ORDER_ERRORS.stock)}</ErrorBox>
          ) : (
            <AddLinePanel
              stockLabel={staffEdit ? ORDER_FORM_TEXT.customerStockLabel : ORDER_FORM_TEXT.ownStockLabel}
              stock={orderable}
              items={draft.items}
              ownReserved={ownReserved}
              line={line}
              setLine={setLine}
              onAdd={(i) => {
                setDraft({ ...draft, items: [...draft.items, i] });
                setFormError(null);
              }}
            />
          )}
        </section>
        {formError ? <ErrorBox>{formError}</ErrorBox> : null}
      </form>
    </Dialog>
  );
}
