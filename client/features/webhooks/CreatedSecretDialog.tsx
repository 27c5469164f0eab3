import type { CreatedWebhook } from '../../../shared/schemas/webhooks';
import { ShownOnceDialog } from '../../ui/ShownOnceDialog';
import { WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';

/** The new webhook's signing secret, shown this once, with a copy button. */
export function CreatedSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return (
    <ShownOnceDialog secret={created?.secret ?? null} title={T.createdTitle} label={T.secretLabel} texts={T} testId="webhook-secret" onClose={onClose}>
      <p className="break-all font-mono text-sm text-slate-700">{created?.url}</p>
    </ShownOnceDialog>
  );
}
