// Types of build-console.mjs, for TypeScript callers (the console's budget test).
export function consoleIsStale(): boolean;
export function buildConsole(opts?: { force?: boolean }): boolean;
