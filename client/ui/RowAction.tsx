import { Power } from 'lucide-react';
import type { ReactNode } from 'react';
import { texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';
import { Button, type ButtonProps } from './Button';
import { Badge } from './misc';

/** From which width a row action shows its label beside the icon (literal classes for Tailwind). */
const LABEL_FROM = { lg: 'hidden lg:inline', '2xl': 'hidden 2xl:inline' } as const;

type RowActionProps = Omit<ButtonProps, 'children' | 'variant' | 'icon'> & {
  icon: ReactNode;
  label: string;
  /** What a screen reader says, naming the row (`<name> bearbeiten`). */
  ariaLabel: string;
  labelFrom?: keyof typeof LABEL_FROM;
};

/** An action in a table row: the icon always, its label beside it on wide screens, the label as tooltip. */
export function RowAction({ icon, label, ariaLabel, labelFrom = 'lg', title, ...rest }: RowActionProps) {
  return (
    <Button variant="ghost" className="px-2.5" icon={icon} aria-label={ariaLabel} title={title ?? label} {...rest}>
      <span className={LABEL_FROM[labelFrom]}>{label}</span>
    </Button>
  );
}

/** Deactivates an active row's record, activates an inactive one. */
export function ActiveToggleAction({ active, name, ...rest }: Omit<RowActionProps, 'icon' | 'label' | 'ariaLabel'> & { active: boolean; name: string }) {
  const label = active ? texts(UI).deactivate : texts(UI).activate;
  return (
    <RowAction
      icon={<Power className={`h-4 w-4 ${active ? 'text-red-600' : 'text-emerald-600'}`} />}
      label={label}
      ariaLabel={`${name} ${label.toLowerCase()}`}
      {...rest}
    />
  );
}

/** Aktiv / Inaktiv of a record that can be deactivated. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">{texts(UI).active}</Badge> : <Badge tone="red">{texts(UI).inactive}</Badge>;
}
