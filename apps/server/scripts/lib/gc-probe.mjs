/**
 * Benchmark-only preload (`node --expose-gc --import ./gc-probe.mjs …`): on SIGUSR2 the process runs a
 * full garbage collection and writes its memory figures as one JSON line to GC_PROBE_FILE. Lets a
 * benchmark tell memory the process still holds (heap after GC) from memory V8 or malloc has not yet
 * handed back (RSS). Never loaded by the server itself.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.GC_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    // Twice: the first pass can leave weakly held objects for the second.
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        handles: process.getActiveResourcesInfo().length,
      }) + '\n',
    );
  });
}
