import { RefreshCw } from 'lucide-react';
import { LABEL_OUTPUT_DEFAULT } from '../../../shared/domain/labels';
import { DISPOSABLE_LOW_STOCK_THRESHOLD } from '../../../shared/domain/pallets';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { DisposableStatCards, GenerateForm, LowStockNotice, WorkflowInstructions } from './DisposablePanels';
import { DisposableTable } from './DisposableTable';
import { useDisposableList, useDisposableStats, useGenerateDisposable, useLabelOutput } from './usePallets';

/** Einweg-Paletten-Barcodes (admin, /disposable-pallet-barcodes): loads stats and list; the panels show them. */
export function DisposableBarcodesScreen() {
  const stats = useDisposableStats();
  const list = useDisposableList();
  const generate = useGenerateDisposable();
  const format = useLabelOutput();
  const refreshing = stats.isFetching || list.isFetching;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={PALLET_UI.disposableTitle}
        subtitle={PALLET_UI.disposableSubtitle}
        actions={
          <Button
            variant="secondary"
            icon={<RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />}
            onClick={() => {
              void stats.refetch();
              void list.refetch();
            }}
          >
            {PALLET_UI.refresh}
          </Button>
        }
      />
      {stats.error ? <ErrorBox>{errorMessage(stats.error, PALLET_UI.statsError)}</ErrorBox> : null}
      {stats.data ? <DisposableStatCards stats={stats.data} /> : stats.isLoading ? <Spinner /> : null}
      {stats.data && stats.data.available < DISPOSABLE_LOW_STOCK_THRESHOLD ? <LowStockNotice available={stats.data.available} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <GenerateForm busy={generate.isPending} format={format.data ?? LABEL_OUTPUT_DEFAULT} onGenerate={(n) => generate.mutate(n)} />
        <WorkflowInstructions />
      </div>
      <section aria-labelledby="latest-barcodes">
        <h2 id="latest-barcodes" className="mb-2 text-lg font-semibold text-slate-900">
          {PALLET_UI.latest}
        </h2>
        {list.error ? <ErrorBox>{errorMessage(list.error, PALLET_UI.listError)}</ErrorBox> : null}
        {list.data ? <DisposableTable rows={list.data} /> : list.isLoading ? <Spinner /> : null}
      </section>
    </div>
  );
}
