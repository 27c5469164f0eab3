import { Building2, Pencil, Trash2 } from 'lucide-react';
import type { Building } from '../../../shared/schemas/buildings';
import { BUILDINGS_UI as T } from '../../../shared/i18n/masterdata';
import { Button } from '../../ui/Button';
import { EmptyState, table, scrollRegion } from '../../ui/misc';

/** The buildings table of Gebäude & Räume (display only: the screen loads and acts). */

export function BuildingTable({
  buildings,
  selectedId,
  onSelect,
  onEdit,
  onDeactivate,
}: {
  buildings: Building[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (b: Building) => void;
  onDeactivate: (b: Building) => void;
}) {
  if (buildings.length === 0) return <EmptyState icon={<Building2 className="h-8 w-8" />}>{T.empty}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.tableRegion)}>
      <table className={table.table} data-testid="buildings-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colCode}</th>
            <th className={table.th}>{T.colName}</th>
            <th className={table.th}>{T.colAddress}</th>
            <th className={`${table.th} text-right`}>{T.colRooms}</th>
            <th className={`${table.th} text-right`}>{T.colRacks}</th>
            <th className={table.th}>
              <span className="sr-only">{T.colActions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {buildings.map((b) => (
            <tr
              key={b.id}
              className={`cursor-pointer ${b.id === selectedId ? 'bg-brand-50' : table.tr}`}
              onClick={() => onSelect(b.id)}
              aria-selected={b.id === selectedId}
            >
              <td className={`${table.td} font-mono font-semibold`}>{b.building_code}</td>
              <td className={table.td}>{b.name}</td>
              <td className={`${table.td} text-slate-600`}>{b.address ?? '–'}</td>
              <td className={`${table.td} text-right tabular-nums`}>{b.room_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{b.rack_count}</td>
              <td className={`${table.td} whitespace-nowrap text-right`}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={T.edit(b.name)}
                  onClick={(e) => {
                    e.stopPropagation();
                    onEdit(b);
                  }}
                >
                  <Pencil className="h-4 w-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={T.deactivate(b.name)}
                  onClick={(e) => {
                    e.stopPropagation();
                    onDeactivate(b);
                  }}
                >
                  <Trash2 className="h-4 w-4 text-red-600" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
