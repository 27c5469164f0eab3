import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DecryptResponse,
  Setting,
  SettingBatchRequest,
  SettingBatchResponse,
  SettingKeyParams,
  SettingList,
  SettingPutRequest,
} from '../../../shared/schemas/settings';
import { AppError } from '../../errors';
import type { FeatureDeps } from '../types';
import { decryptedValue, listSettings, saveSettings } from './service';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/** Einstellungen (admin). Declared without /api: the app prefixes it. */
export const settingsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  app.get('/settings/', { config: { access: 'admin' }, schema: { response: { 200: SettingList } } }, async () => listSettings(db));

  app.get(
    '/settings/:key/decrypt',
    { config: { access: 'admin' }, schema: { params: SettingKeyParams, response: { 200: DecryptResponse } } },
    async (req, reply) => {
      // A secret in clear text: no browser, proxy or service worker may keep a copy.
      reply.header('Cache-Control', 'no-store');
      return { key: req.params.key, value: await decryptedValue(db, config.settingsKey, req.params.key) };
    },
  );

  app.post('/settings/batch', { config: { access: 'admin' }, schema: { body: SettingBatchRequest, response: { 200: SettingBatchResponse } } }, async (req) => {
    const r = await db.transaction().execute((trx) => saveSettings(trx, config.settingsKey, req.body));
    const message = r.saved === 0 ? UI.noChangesToSave : `${r.saved} Einstellungen gespeichert`;
    return { ...r, message, settings: await listSettings(db) };
  });

  app.put(
    '/settings/:key',
    { config: { access: 'admin' }, schema: { params: SettingKeyParams, body: SettingPutRequest, response: { 200: Setting } } },
    async (req) => {
      if (req.body.key && req.body.key !== req.params.key) {
        throw new AppError('SETTING_INVALID', { key: req.params.key, label: FIELD_LABELS.key, reason: 'passt nicht zur Adresse' });
      }
      await db.transaction().execute((trx) => saveSettings(trx, config.settingsKey, [{ ...req.body, key: req.params.key }]));
      const all = await listSettings(db);
      return all.find((s) => s.key === req.params.key) as Setting;
    },
  );
};
