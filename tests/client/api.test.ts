import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, setUnauthorizedHandler } from '../../client/app/api';
import { clearSession, getSession, setSession } from '../../client/app/auth';
import { errorText } from '../../shared/i18n/errors';
import type { User } from '../../shared/schemas/auth';
import { Building } from '../../shared/schemas/buildings';
import { PositionResponse } from '../../shared/schemas/locations';

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('typed API client', () => {
  it('parses the answer with the route schema and strips fields the schema does not know', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 7, position_x: 12, position_y: 30, extra: 'x' }));
    const r = await apiGet('/locations/7/position', PositionResponse);
    expect(r).toEqual({ id: 7, position_x: 12, position_y: 30 });
  });

  it('refuses an answer of another shape with the German INVALID_RESPONSE error', async () => {
    vi.stubGlobal('fetch', answer(200, { id: '7', name: 'Halle 1' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const call = apiGet('/buildings/7', Building);
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ code: 'INVALID_RESPONSE', detail: errorText('INVALID_RESPONSE'), params: { path: '/buildings/7' } });
  });

  it('sends the body as JSON and keeps the server error (detail, code) for non-2xx answers', async () => {
    const fetch = answer(409, { detail: 'Gebäudecode H1 ist bereits vergeben', code: 'BUILDING_CODE_TAKEN', params: { building_code: 'H1' } });
    vi.stubGlobal('fetch', fetch);
    const call = apiPost('/buildings/', { building_code: 'H1', name: 'Halle' }, Building);
    await expect(call).rejects.toMatchObject({ status: 409, code: 'BUILDING_CODE_TAKEN', detail: 'Gebäudecode H1 ist bereits vergeben' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/buildings/');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ building_code: 'H1', name: 'Halle' }));
  });
});

/** Node has no localStorage; the session store only needs get/set/remove. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

const WORKER: User = {
  id: 1,
  username: 'worker-1',
  email: 'a@test.de',
  full_name: 'Test Worker',
  role: 'warehouse_worker',
  is_admin: false,
  customer_id: null,
  is_active: true,
  accessible_customer_ids: [],
  is_exclude: false,
  work_room_ids: [],
  sound_enabled: true,
  language: 'de',
};

describe('session on refused calls', () => {
  function loggedIn() {
    vi.stubGlobal('localStorage', memoryStorage());
    setSession('token-1', WORKER);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    return toLogin;
  }

  it('keeps the session on 403: a forbidden action is not a logout', async () => {
    const toLogin = loggedIn();
    vi.stubGlobal('fetch', answer(403, { detail: errorText('FORBIDDEN'), code: 'FORBIDDEN', params: {} }));
    await expect(apiGet('/buildings/7', Building)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(getSession().isAuthenticated).toBe(true);
    expect(getSession().token).toBe('token-1');
    expect(toLogin).not.toHaveBeenCalled();
    clearSession();
  });

  it('ends the session on 401 and goes to the login', async () => {
    const toLogin = loggedIn();
    vi.stubGlobal('fetch', answer(401, { detail: errorText('TOKEN_EXPIRED'), code: 'TOKEN_EXPIRED', params: {} }));
    await expect(apiGet('/buildings/7', Building)).rejects.toMatchObject({ status: 401 });
    expect(getSession().isAuthenticated).toBe(false);
    expect(toLogin).toHaveBeenCalledOnce();
  });
});
