import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import { ShownOnceDialog } from '../../ui/ShownOnceDialog';
import { API_KEYS_UI as T } from '../../../shared/i18n/api-keys';

/** The new key, shown this once, with a copy button. */
export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      secret={created?.key ?? null}
      title={created ? T.createdTitle(created.name) : ''}
      label={T.keyLabel}
      texts={T}
      testId="api-key-secret"
      onClose={onClose}
    />
  );
}
