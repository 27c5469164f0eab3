import * as RTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** Accessible tabs (Radix): arrow keys, roles, selected state. */
export function Tabs({
  items,
  value,
  onValueChange,
  defaultValue,
}: {
  items: TabItem[];
  value?: string;
  onValueChange?: (v: string) => void;
  defaultValue?: string;
}) {
  return (
    <RTabs.Root value={value} onValueChange={onValueChange} defaultValue={defaultValue ?? items[0]?.value}>
      <RTabs.List className="mb-4 flex gap-1 border-b border-slate-200" aria-label={texts(UI).tabs}>
        {items.map((t) => (
          <RTabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {t.label}
          </RTabs.Trigger>
        ))}
      </RTabs.List>
      {items.map((t) => (
        <RTabs.Content key={t.value} value={t.value} className="focus:outline-none">
          {t.content}
        </RTabs.Content>
      ))}
    </RTabs.Root>
  );
}
