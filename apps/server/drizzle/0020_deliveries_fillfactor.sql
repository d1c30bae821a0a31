-- A delivery is inserted pending and updated once by its first attempt (status, attempts, the last
-- status code and error, delivered_at, next_attempt_at, updated_at: no indexed column). With room
-- left on the row's page that update is HOT (heap-only: no new entry in the three indexes, less WAL);
-- at the default fillfactor (100) the page is full and every attempt wrote a new entry in each index
-- (docs/benchmarks.md#lead-capture--npm-run-benchleads). Pages written from now on keep 30 % free.
ALTER TABLE "deliveries" SET (fillfactor = 70);
