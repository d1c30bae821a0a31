// Types of console-budget.mjs, for the console's budget test (apps/console/src/bundle-budget.test.ts).
export interface InitialFile {
  file: string;
  kind: 'entry' | 'preload' | 'css';
  raw: number;
  gzip: number;
}
export interface InitialLoad {
  files: InitialFile[];
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
}
export const consoleDist: string;
export const INITIAL_JS_BUDGET: number;
export function measureInitialLoad(dist?: string): InitialLoad;
export function formatInitialLoad(m: InitialLoad, budget?: number): string;
