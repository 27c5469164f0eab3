import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../client/app/api';
import { errorText } from '../../shared/i18n/errors';
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
