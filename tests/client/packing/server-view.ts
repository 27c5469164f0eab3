import { ShipQuery } from '../../../shared/schemas/shipping';

/** What the server's route schema makes of the ship query a packing form sends (every value a string, as in a URL). */
export const serverView = (q: Record<string, unknown>) =>
  ShipQuery.safeParse(
    Object.fromEntries(
      Object.entries(q)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
  );
