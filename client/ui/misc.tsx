import { Loader2 } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';

export function Card({ className = '', children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`} {...rest}>
      {children}
    </div>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
        {subtitle ? <p className="mt-0.5 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

type Tone = 'gray' | 'blue' | 'green' | 'amber' | 'red' | 'purple';
const TONES: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  purple: 'bg-violet-50 text-violet-800 ring-violet-200',
};

export function Badge({ tone = 'gray', children, className = '' }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]} ${className}`}>{children}</span>
  );
}

export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-500">
      {icon}
      <div>{children}</div>
    </div>
  );
}

export function Spinner({ label = texts(UI).loadingShort }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-8 text-slate-500" role="status">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

// Its own module: the login form needs it, not the rest of this file.
export { ErrorBox } from './ErrorBox';

/**
 * Props for a box that may scroll sideways (a wide table at 360 px): keyboard users
 * must be able to focus it to scroll, and screen readers hear what it holds.
 */
export function scrollRegion(label: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': label } as const;
}

/** Dense table styling for admin screens. */
export const table = {
  wrap: 'overflow-x-auto rounded-lg border border-slate-200 bg-white',
  table: 'min-w-full divide-y divide-slate-200 text-sm',
  th: 'bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600',
  td: 'px-3 py-2 align-top text-slate-800',
  tr: 'hover:bg-slate-50',
};
