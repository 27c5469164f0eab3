import { Lock, Pencil, Printer, Trash2 } from 'lucide-react';
import { type HierarchyRack, PLAN_UNITS_PER_METRE } from '../../../shared/schemas/locations';
import { Button } from '../../ui/Button';
import { table, scrollRegion } from '../../ui/misc';
import { LOCATIONS_UI as T } from '../../../shared/i18n/masterdata';
import { BLOCKED_PLACES_UI as B } from '../../../shared/i18n/racks';
import { blockedCompartments } from './blocking';

/** The list view of the Lageplan: one row per rack, with the admin actions when given. */

/** Actions on a rack: edit, delete and labels for admins; blocking places for managers too. Absent, the plan and list are read-only. */
export interface RackActions {
  onEdit: (r: HierarchyRack) => void;
  onDelete: (r: HierarchyRack) => void;
  onLabels: (r: HierarchyRack) => void;
  onBlock: (r: HierarchyRack) => void;
}

const metres = (dm: number) => (dm / PLAN_UNITS_PER_METRE).toLocaleString('de-DE', { maximumFractionDigits: 1 });

export function RackList({ racks, onEdit, onDelete, onLabels, onBlock }: { racks: HierarchyRack[] } & Partial<RackActions>) {
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
            <th className={`${table.th} text-right`}>{B.colBlocked}</th>
            <th className={`${table.th} text-right`}>{T.colStock}</th>
            <th className={table.th}>{T.colPosition}</th>
            {onEdit || onBlock ? (
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
              <td className={`${table.td} text-right tabular-nums ${blockedCompartments(r) > 0 ? 'font-semibold text-red-700' : ''}`}>
                {blockedCompartments(r)}
              </td>
              <td className={`${table.td} text-right tabular-nums`}>{r.stock_quantity.toLocaleString('de-DE')}</td>
              <td className={`${table.td} tabular-nums`}>
                {metres(r.position_x)} / {metres(r.position_y)}
              </td>
              {onEdit || onBlock ? (
                <td className={`${table.td} whitespace-nowrap text-right`}>
                  {onBlock ? (
                    <Button size="sm" variant="ghost" aria-label={B.openDialog(r.rack_code)} onClick={() => onBlock(r)}>
                      <Lock className="h-4 w-4" />
                    </Button>
                  ) : null}
                  {onLabels ? (
                    <Button size="sm" variant="ghost" aria-label={T.printLabels(r.rack_code)} onClick={() => onLabels(r)}>
                      <Printer className="h-4 w-4" />
                    </Button>
                  ) : null}
                  {onEdit ? (
                    <Button size="sm" variant="ghost" aria-label={T.editRack(r.rack_code)} onClick={() => onEdit(r)}>
                      <Pencil className="h-4 w-4" />
                    </Button>
                  ) : null}
                  {onDelete ? (
                    <Button size="sm" variant="ghost" aria-label={T.deleteRack(r.rack_code)} onClick={() => onDelete(r)}>
                      <Trash2 className="h-4 w-4 text-red-600" />
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
