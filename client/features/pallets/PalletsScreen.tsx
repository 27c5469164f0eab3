import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { PalletGrid } from './PalletGrid';
import { RegisterPalletDialog } from './RegisterPalletDialog';
import { openPalletLabel, usePallets, useReleasePallet, useTogglePallet } from './usePallets';

/** Paletten (admin, /pallets): loads the pallets; PalletGrid shows them. */
export function PalletsScreen() {
  const pallets = usePallets();
  const toggle = useTogglePallet();
  const release = useReleasePallet();
  const [registering, setRegistering] = useState(false);
  return (
    <div>
      <PageHeader
        title={PALLET_UI.palletsTitle}
        subtitle={PALLET_UI.palletsSubtitle}
        actions={
          <Button icon={<Plus className="h-4 w-4" />} onClick={() => setRegistering(true)}>
            {PALLET_UI.register}
          </Button>
        }
      />
      {pallets.isLoading ? <Spinner /> : null}
      {pallets.error ? <ErrorBox>{errorMessage(pallets.error, PALLET_UI.loadError)}</ErrorBox> : null}
      {pallets.data ? (
        <PalletGrid
          pallets={pallets.data}
          busyId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
          onToggle={(p) => toggle.mutate(p)}
          releasingId={release.isPending ? (release.variables?.id ?? null) : null}
          onRelease={(p) => release.mutate(p)}
          onLabel={(p) => void openPalletLabel(p)}
        />
      ) : null}
      <RegisterPalletDialog open={registering} onClose={() => setRegistering(false)} />
    </div>
  );
}
