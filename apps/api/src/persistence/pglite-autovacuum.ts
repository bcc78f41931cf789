// PGlite runs PostgreSQL as one process, without the background workers a server starts, autovacuum
// among them: nothing reclaimed the row versions that updates and deletes leave behind, so a table
// grew with every write. A 10,000-pod CloneSet created and rolled twice (210,000 pod writes) left a
// 751 MB directory, 326 MB of it the objects table, whose live rows take about 15 MB. The PGlite
// worker therefore applies autovacuum's own rule itself, every few seconds: a table whose dead rows
// exceed 50 plus a fifth of its live ones is vacuumed, which lets later writes reuse the space.
// (PostgreSQL proper runs its autovacuum; this is for PGlite only.)
//
// Tables are not analyzed: at 150,000 pods an ANALYZE of the objects table took 0.25-0.37 s (it reads
// 30,000 sampled rows), each time holding up every statement behind it, and nothing the server asks
// depends on column statistics; VACUUM keeps the table's row and page counts current for the planner.

/** PostgreSQL's defaults: autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor. */
export const VACUUM_THRESHOLD = 50;
export const VACUUM_SCALE_FACTOR = 0.2;
/** How often the worker looks at the tables' dead rows. */
export const AUTOVACUUM_EVERY_MS = 5000;

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
}

/** The tables autovacuum's rule would vacuum now. */
export function tablesToVacuum(tables: readonly TableActivity[]): string[] {
  return tables.filter((t) => t.dead > VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * t.live).map((t) => t.table);
}

/** The part of PGlite the autovacuum uses. */
export interface SqlRunner {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

export class PgliteAutovacuum {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly db: SqlRunner,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(everyMs = AUTOVACUUM_EVERY_MS): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.run().finally(() => (this.running = undefined));
    }, everyMs).unref();
  }

  /** Stops the timer and waits for a pass under way, so the database can be closed after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: vacuums the tables past the threshold; answers their names. */
  async run(): Promise<string[]> {
    try {
      // Statistics reach the shared counters at most once a second; a pass must see the latest.
      await this.db.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await this.db.query<{ table: string; live: string; dead: string }>(
        `SELECT relname AS table, n_live_tup::text AS live, n_dead_tup::text AS dead FROM pg_stat_user_tables WHERE schemaname = 'public'`,
      );
      const due = tablesToVacuum(rows.map((r) => ({ table: r.table, live: Number(r.live), dead: Number(r.dead) })));
      for (const table of due) await this.db.exec(`VACUUM "${table.replaceAll('"', '""')}"`);
      return due;
    } catch (err) {
      this.onError(err);
      return [];
    }
  }
}
