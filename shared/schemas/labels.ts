import { z } from 'zod';
import { LABEL_OUTPUTS } from '../domain/labels';
import { LABEL_OUTPUT_TEXTS } from '../i18n/labels';

/** `?format=pdf|zpl` of every label download; without it the setting label_output decides. */
export const LabelFormatQuery = z.object({
  format: z.enum(LABEL_OUTPUTS, { error: LABEL_OUTPUT_TEXTS.formatInvalid }).optional(),
});
export type LabelFormatQuery = z.infer<typeof LabelFormatQuery>;
