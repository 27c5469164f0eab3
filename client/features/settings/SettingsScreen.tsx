import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { LABEL_OUTPUT_SETTING_KEY } from '../../../shared/domain/labels';
import {
  DecryptResponse,
  isMasked,
  ORDER_AUTO_COMPLETE_DAYS_KEY,
  type Setting,
  SETTING_BY_KEY,
  SettingBatchResponse,
  type SettingDefinition,
  SettingList,
} from '../../../shared/schemas/settings';
import { apiGet, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Card, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { Tabs } from '../../ui/Tabs';
import { UI } from '../../../shared/i18n/ui';
import { SETTINGS_UI as S } from '../../../shared/i18n/settings';

/** Einstellungen (admin): DHL shipping and general settings; secrets masked until revealed. */

type Values = Record<string, string>;

/**
 * A tab's sections; `alone`: its fields save without the tab's required fields
 * (the label format: a Zebra printer is set up before, or without, the DHL access).
 */
const SECTIONS: Record<'shipping' | 'general', Array<{ title: string; keys: string[]; alone?: true }>> = {
  shipping: [
    { title: S.sections.dhlAccess, keys: ['dhl_api_key', 'dhl_api_environment', 'dhl_api_user', 'dhl_api_password'] },
    { title: S.sections.billing, keys: ['dhl_billing_number', 'dhl_billing_number_international'] },
    {
      title: S.sections.shipper,
      keys: [
        'dhl_shipper_name',
        'dhl_shipper_name2',
        'dhl_shipper_street',
        'dhl_shipper_postal_code',
        'dhl_shipper_city',
        'dhl_shipper_country',
        'dhl_shipper_email',
        'dhl_shipper_phone',
      ],
    },
    { title: S.sections.labels, keys: [LABEL_OUTPUT_SETTING_KEY], alone: true },
  ],
  general: [
    { title: S.sections.company, keys: ['company_name', 'company_street', 'company_postal_code', 'company_city', 'company_country'] },
    { title: S.sections.warehouse, keys: ['picking_strategy', ORDER_AUTO_COMPLETE_DAYS_KEY, 'packing_verify_each_piece'] },
    { title: S.sections.integrations, keys: ['keepa_api_key'] },
  ],
};

/** Hints only where the description says more than the label. */
const HINTED = new Set([
  'dhl_api_key',
  'dhl_api_user',
  'dhl_api_password',
  'dhl_billing_number',
  'dhl_billing_number_international',
  'dhl_shipper_name',
  'dhl_shipper_country',
  'company_country',
  'picking_strategy',
  ORDER_AUTO_COMPLETE_DAYS_KEY,
  'packing_verify_each_piece',
  'keepa_api_key',
  LABEL_OUTPUT_SETTING_KEY,
]);

const toValues = (list: Setting[]): Values => Object.fromEntries(list.map((s) => [s.key, s.value ?? '']));

export function SettingsScreen() {
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => apiGet('/settings/', SettingList) });
  return (
    <div>
      <PageHeader title={S.title} subtitle={S.subtitle} />
      {settings.isLoading ? <Spinner /> : null}
      {settings.error ? <ErrorBox>{errorMessage(settings.error, S.loadError)}</ErrorBox> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: Setting[] }) {
  const qc = useQueryClient();
  const [original, setOriginal] = useState<Values>(() => toValues(settings));
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [revealed, setRevealed] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOriginal(toValues(settings));
    setValues(toValues(settings));
    setRevealed({});
  }, [settings]);

  const set = (key: string, v: string) => setValues((s) => ({ ...s, [key]: v }));
  const toggle = async (key: string) => {
    if (revealed[key]) return setRevealed((r) => ({ ...r, [key]: false }));
    if (isMasked(values[key])) {
      try {
        const r = await apiGet(`/settings/${key}/decrypt`, DecryptResponse);
        // The plain value becomes the baseline, so revealing alone is no change.
        setOriginal((o) => ({ ...o, [key]: r.value ?? '' }));
        setValues((s) => ({ ...s, [key]: r.value ?? '' }));
      } catch (e) {
        return toast.error(errorMessage(e, S.decryptError));
      }
    }
    setRevealed((r) => ({ ...r, [key]: true }));
  };

  const save = async (tab: 'shipping' | 'general') => {
    const keys = SECTIONS[tab].flatMap((s) => s.keys);
    const changed = keys.filter((k) => !isMasked(values[k]) && (values[k] ?? '') !== (original[k] ?? ''));
    // The DHL fields are required together; a change of the label format alone saves without them.
    const bound = SECTIONS[tab].filter((s) => !s.alone).flatMap((s) => s.keys);
    const configuring = tab === 'shipping' && !(changed.length > 0 && changed.every((k) => !bound.includes(k)));
    for (const k of keys) {
      const def = SETTING_BY_KEY.get(k) as SettingDefinition;
      const v = (values[k] ?? '').trim();
      if (configuring && bound.includes(k) && def.required && !v) return setError(S.required(def.label));
      if (def.maxLength && v.length > def.maxLength && !isMasked(v)) return setError(S.tooLong(def.label, def.maxLength));
    }
    setError(null);
    if (changed.length === 0) return toast.info(UI.noChangesToSave);
    setBusy(tab);
    try {
      const payload = changed.map((k) => {
        const def = SETTING_BY_KEY.get(k) as SettingDefinition;
        return { key: k, value: values[k].trim() || null, category: def.category, is_encrypted: def.encrypted, description: def.description };
      });
      const r = await apiPost('/settings/batch', payload, SettingBatchResponse);
      toast.success(r.saved > 0 ? S.saved : r.message);
      qc.setQueryData(['settings'], r.settings);
    } catch (e) {
      setError(errorMessage(e, S.saveError));
    } finally {
      setBusy(null);
    }
  };

  const panel = (tab: 'shipping' | 'general') => (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save(tab);
      }}
      data-testid={`settings-${tab}`}
      className="flex flex-col gap-4"
    >
      {SECTIONS[tab].map((section) => (
        <Card key={section.title} className="p-4">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{section.title}</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {section.keys.map((k) => (
              <SettingField
                key={k}
                def={SETTING_BY_KEY.get(k) as SettingDefinition}
                value={values[k] ?? ''}
                revealed={Boolean(revealed[k])}
                onChange={(v) => set(k, v)}
                onToggle={() => void toggle(k)}
              />
            ))}
          </div>
        </Card>
      ))}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <div>
        <Button type="submit" busy={busy === tab} icon={<Save className="h-4 w-4" />}>
          {UI.save}
        </Button>
      </div>
    </form>
  );

  return (
    <Tabs
      items={[
        { value: 'shipping', label: S.tabShipping, content: panel('shipping') },
        { value: 'general', label: S.tabGeneral, content: panel('general') },
      ]}
    />
  );
}

function SettingField({
  def,
  value,
  revealed,
  onChange,
  onToggle,
}: {
  def: SettingDefinition;
  value: string;
  revealed: boolean;
  onChange: (v: string) => void;
  onToggle: () => void;
}) {
  return (
    <Field label={def.label} required={def.required} hint={HINTED.has(def.key) ? def.description : undefined}>
      {(id) =>
        def.options ? (
          <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
            {def.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : def.encrypted ? (
          <div className="relative">
            <Input
              id={id}
              type={revealed ? 'text' : 'password'}
              autoComplete="off"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onFocus={(e) => isMasked(e.target.value) && e.target.select()}
              className="pr-10"
              data-testid={`setting-${def.key}`}
            />
            <button
              type="button"
              onClick={onToggle}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
              aria-label={revealed ? `${def.label} verbergen` : `${def.label} anzeigen`}
              aria-pressed={revealed}
            >
              {revealed ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
            </button>
          </div>
        ) : (
          <Input
            id={id}
            type={def.input ?? 'text'}
            value={value}
            maxLength={def.maxLength}
            onChange={(e) => onChange(def.upper ? e.target.value.toUpperCase() : e.target.value)}
            data-testid={`setting-${def.key}`}
          />
        )
      }
    </Field>
  );
}
