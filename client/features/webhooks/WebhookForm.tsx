import { Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_VALIDATION, WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';
import { type CreateWebhookRequest, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../shared/schemas/webhooks';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';

/** "Webhook anlegen": the target URL and the events as checkboxes; the server checks the URL (https, public). */
export function WebhookForm({
  busy,
  serverError,
  onSubmit,
}: {
  busy: boolean;
  serverError: string | null;
  onSubmit: (body: CreateWebhookRequest, reset: () => void) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [error, setError] = useState<string | null>(null);
  const toggle = (e: WebhookEventType) => setEvents((cur) => (cur.includes(e) ? cur.filter((x) => x !== e) : [...cur, e]));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!url.trim()) return setError(WEBHOOK_VALIDATION.urlRequired);
    if (events.length === 0) return setError(WEBHOOK_VALIDATION.eventsRequired);
    setError(null);
    onSubmit({ url: url.trim(), events }, () => setUrl(''));
  };
  const shown = error ?? serverError;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <Field label={T.url} required error={shown} hint={T.urlHint}>
        {(id) => (
          <Input
            id={id}
            value={url}
            type="url"
            maxLength={2000}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={Boolean(shown)}
            data-testid="webhook-url"
            className="sm:max-w-xl"
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-700">{T.events}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <label key={e} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="checkbox" checked={events.includes(e)} onChange={() => toggle(e)} data-testid={`webhook-event-${e}`} />
              {WEBHOOK_EVENT_LABELS[e]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" icon={<WebhookIcon className="h-4 w-4" />} busy={busy}>
          {T.add}
        </Button>
      </div>
    </form>
  );
}
