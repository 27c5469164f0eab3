import { Pencil, Printer, Trash2 } from 'lucide-react';
import { type HierarchyRack, PLAN_UNITS_PER_METRE } from '../../../shared/schemas/locations';
import { Button } from '../../ui/Button';
import { table, scrollRegion } from '../../ui/misc';
import { LOCATIONS_UI as T } from '../../../shared/i18n/masterdata';

/** The list view of the Lageplan: one row per rack, with the admin actions when given. */

/** Admin-only actions on a rack; absent, the plan and list are read-only. */
export interface RackActions {
  onEdit: (r: HierarchyRack) => void;
  onDelete: (r: HierarchyRack) => void;
  onLabels: (r: HierarchyRack) => void;
}

const metres = (dm: number) => (dm / PLAN_UNITS_PER_METRE).toLocaleString('de-DE', { maximumFractionDigits: 1 });

export function RackList({ racks, onEdit, onDelete, onLabels }: { racks: HierarchyRack[] } & Partial<RackActions>) {
  return (
    <div className={table.wrap} {...scrollRegion(T.listRegion)}>
      <table className={table.table} data-testid="rack-list">
        <thead>
          <tr>
            <th className={table.th}>{T.colRack}</th>
            <th className={table.th}>{T.colName}</th>
            <th className={table.th}>{T.colBuilding}</th>
            <th className={table.th}>{T.colRoom}</th>
            <th className={`${table.th} text-right`}>{T.colLevels}</th>
            <th className={`${table.th} text-right`}>{T.colCompartments}</th>
            <th className={`${table.th} text-right`}>{T.colOccupied}</th>
            <th className={`${table.th} text-right`}>{T.colStock}</th>
            <th className={table.th}>{T.colPosition}</th>
            {onEdit ? (
              <th className={table.th}>
                <span className="sr-only">{T.colActions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {racks.map((r) => (
            <tr key={r.id} className={table.tr}>
              <td className={`${table.td} font-mono font-semibold`}>{r.rack_code}</td>
              <td className={table.td}>{r.name ?? '–'}</td>
              <td className={table.td}>{r.building_name ?? '–'}</td>
              <td className={table.td}>{r.room_name ?? '–'}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.level_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.compartment_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.occupied_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.stock_quantity.toLocaleString('de-DE')}</td>
              <td className={`${table.td} tabular-nums`}>
                {metres(r.position_x)} / {metres(r.position_y)}
              </td>
              {onEdit && onDelete && onLabels ? (
                <td className={`${table.td} whitespace-nowrap text-right`}>
                  <Button size="sm" variant="ghost" aria-label={T.printLabels(r.rack_code)} onClick={() => onLabels(r)}>
                    <Printer className="h-4 w-4" />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={T.editRack(r.rack_code)} onClick={() => onEdit(r)}>
                    <Pencil className="h-4 w-4" />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={T.deleteRack(r.rack_code)} onClick={() => onDelete(r)}>
                    <Trash2 className="h-4 w-4 text-red-600" />
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
