import { CheckCircle2, Info, TriangleAlert, X, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function push(type: ToastType, text: string, ms = TOAST_AUTO_CLOSE_MS): number {
  const id = nextId++;
  toasts = [...toasts.slice(-4), { id, type, text }];
  emit();
  setTimeout(() => dismiss(id), ms);
  return id;
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (text: string, ms?: number) => push('success', text, ms),
  error: (text: string, ms?: number) => push('error', text, ms),
  warning: (text: string, ms?: number) => push('warning', text, ms),
  info: (text: string, ms?: number) => push('info', text, ms),
};

const STYLES: Record<ToastType, string> = {
  success: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
  warning: 'bg-amber-400 text-slate-900',
  info: 'bg-brand-600 text-white',
};
const ICONS = { success: CheckCircle2, error: XCircle, warning: TriangleAlert, info: Info };

export function Toaster() {
  const list = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => toasts,
  );
  return (
    // Never over the header (sync badge, menu): low on the screen, above the tallest bottom action bar (the picking
    // screen's, about 6.5 rem with its count line) and a phone dialog's footer; centred on phones, bottom right from sm on.
    <div
      className="pointer-events-none fixed inset-x-0 bottom-[calc(7rem+env(safe-area-inset-bottom))] z-[100] flex flex-col items-center gap-2 px-2 sm:inset-x-auto sm:right-4 sm:items-end sm:px-0"
      aria-live="polite"
    >
      {list.map((t) => {
        const Icon = ICONS[t.type];
        return (
          <div
            key={t.id}
            role={t.type === 'error' ? 'alert' : 'status'}
            data-toast={t.type}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-2 sm:w-80 rounded-lg px-4 py-3 shadow-lg ${STYLES[t.type]}`}
          >
            <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <span className="flex-1 text-sm font-medium">{t.text}</span>
            <button type="button" onClick={() => dismiss(t.id)} aria-label={texts(UI).close} className="opacity-80 hover:opacity-100">
              <X className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
