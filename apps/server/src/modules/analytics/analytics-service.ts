/**
 * The analytics pieces the app builds once (app.ts `registerCore`), given to services as `deps.analytics`
 * (and reachable as `app.analytics`): landing pages and lead capture use them too.
 */
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createEventIngest, type EventIngest } from './ingest-events.ts';
import { createRollups, type Rollups } from './rollups.ts';
import { createVisitorSalts, type VisitorSalts } from './visitor-salts.ts';

export interface Analytics {
  /** The clock of sessions, salts and default periods (tests move it; no sleeps). */
  now: () => Date;
  salts: VisitorSalts;
  ingest: EventIngest;
  rollups: Rollups;
}

export function createAnalytics(
  database: Database,
  config: Pick<AppConfig, 'ANALYTICS_IP_LIMIT_PER_MINUTE'>,
): Analytics {
  return {
    now: () => new Date(),
    salts: createVisitorSalts(database.db),
    ingest: createEventIngest(database, { perIpPerMinute: config.ANALYTICS_IP_LIMIT_PER_MINUTE }),
    rollups: createRollups(database.db),
  };
}
