-- Rate-limit windows are short-lived counters: after a crash PostgreSQL empties an unlogged table, which
-- only restarts the windows. Unlogged, their updates write no WAL, so the public form's admission
-- statement (one hot row per page) commits without waiting for a WAL flush (issue 12). The sign-in
-- throttles and account locks live here too: a crash restarts them as well (docs/operations.md).
ALTER TABLE "rate_limits" SET UNLOGGED;
