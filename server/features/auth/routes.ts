import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  DemoLoginsResponse,
  LoginPasswordRequest,
  LoginQrRequest,
  TokenResponse,
  UpdateMeRequest,
  User,
} from '../../../shared/schemas/auth';
import { actorOf } from '../../auth/plugin';
import { publicDemoLogins } from '../../db/demo-users';
import type { FeatureDeps } from '../types';
import { type AuthDeps, changePassword, getMe, loginWithPassword, loginWithQr, updateMe } from './service';
import { DEFAULT_LOGIN_THROTTLE } from './throttle';

export const authRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  const deps: AuthDeps = {
    db,
    sign: (payload) => app.jwt.sign(payload),
    throttle: config.loginThrottle ?? DEFAULT_LOGIN_THROTTLE,
  };

  app.post('/auth/login-password', { config: { access: 'public' }, schema: { body: LoginPasswordRequest, response: { 200: TokenResponse } } }, async (req) =>
    loginWithPassword(deps, req.body.email, req.body.password, req.ip, req.body.language),
  );

  app.post('/auth/login', { config: { access: 'public' }, schema: { body: LoginQrRequest, response: { 200: TokenResponse } } }, async (req) =>
    loginWithQr(deps, req.body.qr_token, req.ip, req.body.language),
  );

  app.get('/auth/me', { config: { access: 'user', apiKeys: false }, schema: { response: { 200: User } } }, async (req) => getMe(db, actorOf(req)));

  app.patch('/auth/me', { config: { access: 'user', apiKeys: false }, schema: { body: UpdateMeRequest, response: { 200: User } } }, async (req) =>
    updateMe(db, actorOf(req), req.body),
  );

  app.post(
    '/auth/me/change-password',
    { config: { access: 'user', apiKeys: false }, schema: { body: ChangePasswordRequest, response: { 200: ChangePasswordResponse } } },
    async (req) => changePassword(deps, actorOf(req), req.body),
  );

  app.get('/auth/demo-logins', { config: { access: 'admin' }, schema: { response: { 200: DemoLoginsResponse } } }, async () => ({
    emails: await publicDemoLogins(db),
  }));
};
