import { type Kysely, sql } from 'kysely';

/**
 * The Arbeitsbereich of a staff user (docs/sync.md "Entities"): the rooms whose
 * places their handheld holds. No row = the whole warehouse. Stored like the
 * customer access list, and part of the request actor like it, so writes
 * notify lw_actor (migration 0016) and cached actors are dropped at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_rooms (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, room_id)
    )`.execute(db);
  await sql`CREATE INDEX user_rooms_room ON user_rooms (room_id)`.execute(db);
  await sql`CREATE TRIGGER user_rooms_notify_actor AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_rooms
    FOR EACH STATEMENT EXECUTE FUNCTION lw_notify_actor()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_rooms`.execute(db);
}
