/**
 * The console's first load stays within its budget (docs/product.md#targets: ≤ 150 KB gzip of the
 * JavaScript that index.html loads and modulepreloads). Runs over the built dist/ (compiled first when
 * the sources are newer), and prints the breakdown chunk by chunk.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConsole } from '../../../scripts/build-console.mjs';
import {
  consoleDist,
  formatInitialLoad,
  INITIAL_JS_BUDGET,
  measureInitialLoad,
  type InitialLoad,
} from '../../../scripts/console-budget.mjs';

let load: InitialLoad;

beforeAll(() => {
  buildConsole();
  load = measureInitialLoad();
  console.log(formatInitialLoad(load));
}, 300_000);

describe('console first load', () => {
  it(`is at most ${INITIAL_JS_BUDGET / 1024} KB of JavaScript (gzip)`, () => {
    expect(load.files.some((f) => f.kind === 'entry')).toBe(true);
    expect(load.jsGzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('loads no validator: zod comes with the screens that have forms', () => {
    const initial = load.files.filter((f) => f.kind !== 'css');
    expect(initial.map((f) => f.file).filter((f) => f.startsWith('zod-'))).toEqual([]);
    // A chunk that bundles zod under another name would still carry its error class.
    for (const f of initial)
      expect(readFileSync(path.join(consoleDist, 'assets', f.file), 'utf8')).not.toContain('$ZodError');
  });
});
