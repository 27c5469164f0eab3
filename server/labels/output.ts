import { LABEL_CONTENT_TYPES, LABEL_OUTPUT_SETTING_KEY, type LabelOutput, labelFileName } from '../../shared/domain/labels';
import type { DbOrTrx } from '../db/index';
import { contentDisposition } from '../http-headers';

/**
 * Which format a label download gets (docs/integrations.md "Label printers
 * (ZPL)"): `?format=` when given, else the setting label_output (default pdf).
 */
export async function labelOutputSetting(db: DbOrTrx): Promise<LabelOutput> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', LABEL_OUTPUT_SETTING_KEY).executeTakeFirst();
  return row?.value === 'zpl' ? 'zpl' : 'pdf';
}

export async function resolveLabelOutput(db: DbOrTrx, requested: LabelOutput | undefined): Promise<LabelOutput> {
  return requested ?? labelOutputSetting(db);
}

/** Headers of a label file: PDF or ZPL (application/zpl), the file name ending in .pdf or .zpl. */
export function labelHeaders(format: LabelOutput, baseName: string, disposition: 'inline' | 'attachment'): Record<string, string> {
  return {
    'Content-Type': format === 'zpl' ? `${LABEL_CONTENT_TYPES.zpl}; charset=utf-8` : LABEL_CONTENT_TYPES.pdf,
    'Content-Disposition': contentDisposition(disposition, labelFileName(baseName, format)),
    'Cache-Control': 'no-store',
  };
}
