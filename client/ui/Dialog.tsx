import * as RDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';
import { ErrorBox } from './misc';
import { UI } from '../../shared/i18n/ui';
import { APP_UI } from '../../shared/i18n/app';
import { texts } from '../../shared/i18n/translate';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Where the focus goes on close (default: back to the control that opened it); `e.preventDefault()` to place it yourself. */
  onCloseAutoFocus?: (e: Event) => void;
  testId?: string;
}

const WIDTH = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/** Accessible modal (Radix): focus trap, Escape, labelled title. Full screen on phones. */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', onCloseAutoFocus, testId }: DialogProps) {
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RDialog.Content
          className={`fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg ${WIDTH[size]}`}
          aria-describedby={description ? undefined : undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          data-testid={testId}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <RDialog.Title className="text-lg font-semibold text-slate-900">{title}</RDialog.Title>
              {description ? (
                <RDialog.Description className="mt-1 text-sm text-slate-600">{description}</RDialog.Description>
              ) : (
                <RDialog.Description className="sr-only">{typeof title === 'string' ? title : texts(APP_UI).dialog}</RDialog.Description>
              )}
            </div>
            <RDialog.Close asChild>
              <button type="button" className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={texts(UI).close}>
                <X className="h-5 w-5" />
              </button>
            </RDialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = texts(UI).confirm,
  cancelLabel = texts(UI).cancel,
  danger,
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700">{message}</div>
    </Dialog>
  );
}

/**
 * The footer of a dialog whose form sits in its body: Abbrechen, and the submit button bound to
 * that form by its id (the footer lies outside the form).
 */
export function FormFooter({
  form,
  busy,
  onCancel,
  submitLabel = texts(UI).save,
  submitTestId,
  cancelDisabled,
}: {
  form: string;
  busy?: boolean;
  onCancel: () => void;
  submitLabel?: ReactNode;
  submitTestId?: string;
  cancelDisabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {texts(UI).cancel}
      </Button>
      <Button type="submit" form={form} busy={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
}

/**
 * A create/edit dialog of a list screen: its form (id `formId`, also the test id; two columns from
 * `sm` on) with the server's refusal above the fields, and FormFooter ("Anlegen" or "Speichern").
 */
export function FormDialog(p: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  formId: string;
  editing: boolean;
  busy: boolean;
  serverError: string | null;
  onSubmit: (ev: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={p.open}
      onOpenChange={p.onOpenChange}
      title={p.title}
      size="lg"
      footer={
        <FormFooter
          form={p.formId}
          busy={p.busy}
          onCancel={() => p.onOpenChange(false)}
          submitLabel={p.editing ? texts(UI).save : texts(UI).create}
          submitTestId={`${p.formId}-submit`}
        />
      }
    >
      <form id={p.formId} onSubmit={p.onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid={p.formId}>
        {p.serverError ? (
          <div className="sm:col-span-2">
            <ErrorBox>{p.serverError}</ErrorBox>
          </div>
        ) : null}
        {p.children}
      </form>
    </Dialog>
  );
}
