import type { SettingCategory } from './settings';

/** How one setting is stored, validated and shown (docs/architecture.md "Settings"). */
export interface SettingDefinition {
  key: string;
  category: SettingCategory;
  encrypted: boolean;
  label: string;
  description: string;
  default: string | null;
  required: boolean;
  /** Allowed values (select). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  maxLength?: number;
  /** Upper-cased on save (ISO codes). */
  upper?: boolean;
  /** The value must match (with the German reason when it does not). */
  pattern?: { re: RegExp; reason: string };
  input?: 'text' | 'email' | 'tel';
}
