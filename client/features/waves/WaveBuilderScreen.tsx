import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { canReleaseWave } from '../../../shared/domain/wave-status';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { SuggestResponse, WaveSuggestion } from '../../../shared/schemas/wave-planning';
import type { PickingWave } from '../../../shared/schemas/waves';
import { errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { routeDef } from '../../routes';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { ActiveWaves } from './ActiveWaves';
import { ManualCreation } from './ManualCreation';
import { OrderDetailDialog } from './OrderDetailDialog';
import { StartWaveDialog } from './StartWaveDialog';
import { SuggestionsSection } from './SuggestionsSection';
import { useCreateWave, useDeleteWave, useOpenWaves, useRackPlan, useReleaseWave, useSuggestions } from './useWaves';

/**
 * /warehouse/wave-builder (spec part 2 §2 "Wave builder"): loads the open
 * waves, the suggestions and the rack plan, and holds the dialogs; the
 * sections only show. The manual panel loads its own order list.
 */
export function WaveBuilderScreen() {
  const waves = useOpenWaves();
  const suggest = useSuggestions();
  const plan = useRackPlan();
  const create = useCreateWave();
  // The last answer stays on screen while a recomputation runs.
  const [result, setResult] = useState<SuggestResponse | undefined>(undefined);
  const compute = () => suggest.mutate(undefined, { onSuccess: setResult });
  const [creatingIndex, setCreatingIndex] = useState<number | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [starting, setStarting] = useState<PickingWave | null>(null);
  const [deleting, setDeleting] = useState<PickingWave | null>(null);
  // Orders freed or taken elsewhere change the suggestions shown: recompute them, if any are on screen.
  const refreshSuggestions = () => {
    if (result) compute();
  };
  const remove = useDeleteWave(() => {
    setDeleting(null);
    refreshSuggestions();
  });
  const pickingRoute = routeDef('/warehouse/picking') !== undefined;
  const { user } = useSession();
  const [releasing, setReleasing] = useState<PickingWave | null>(null);
  const release = useReleaseWave(() => setReleasing(null));

  const accept = (s: WaveSuggestion, index: number) => {
    setCreatingIndex(index);
    create.mutate(
      { order_ids: s.order_ids, name: s.name, creation_method: 'suggestion' },
      {
        // The accepted orders are in a wave now: the remaining suggestions are recomputed.
        onSuccess: compute,
        onError: (e) => toast.error(errorMessage(e, WAVE_UI.createError)),
        onSettled: () => setCreatingIndex(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={WAVE_UI.title}
        subtitle={WAVE_UI.subtitle}
        actions={
          <Link to="/warehouse/outbound" className="inline-flex min-h-12 items-center gap-1 text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> {WAVE_UI.backToOrders}
          </Link>
        }
      />

      <SuggestionsSection
        result={result}
        computing={suggest.isPending}
        error={suggest.error ? errorMessage(suggest.error, WAVE_UI.suggestError) : null}
        racks={plan.data ?? []}
        planError={plan.error ? WAVE_UI.planError : null}
        creatingIndex={creatingIndex}
        onCompute={compute}
        onCreate={accept}
        onOpenOrder={setOrderId}
      />

      <ManualCreation onOpenOrder={setOrderId} onCreated={refreshSuggestions} />

      <section aria-labelledby="wave-active-title" className="flex flex-col gap-3">
        <h2 id="wave-active-title" className="text-lg font-semibold text-slate-900">
          {WAVE_UI.activeTitle}
          {waves.data ? <span className="ml-2 text-sm font-normal text-slate-500">({waves.data.length})</span> : null}
        </h2>
        {waves.isLoading ? <Spinner /> : null}
        {waves.error ? <ErrorBox>{errorMessage(waves.error, WAVE_UI.loadError)}</ErrorBox> : null}
        {waves.data ? (
          <ActiveWaves
            waves={waves.data}
            pickingRoute={pickingRoute}
            onStart={setStarting}
            onDelete={setDeleting}
            onRelease={user && canReleaseWave(user) ? setReleasing : undefined}
            onOpenOrder={setOrderId}
          />
        ) : null}
      </section>

      {orderId !== null ? <OrderDetailDialog orderId={orderId} onClose={() => setOrderId(null)} /> : null}
      {starting ? <StartWaveDialog wave={starting} onClose={() => setStarting(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        title={WAVE_UI.deleteTitle}
        message={deleting ? WAVE_UI.deleteQuestion(deleting.wave_number) : ''}
        confirmLabel={WAVE_UI.deleteWave}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={releasing !== null}
        onOpenChange={(o) => (o ? null : setReleasing(null))}
        title={releasing ? WAVE_UI.releaseLabel(releasing.wave_number) : ''}
        message={releasing ? WAVE_UI.releaseQuestion(releasing.wave_number, releasing.picker_name ?? WAVE_UI.none) : ''}
        confirmLabel={WAVE_UI.releaseWave}
        busy={release.isPending}
        onConfirm={() => releasing && release.mutate(releasing)}
      />
    </div>
  );
}
