import { describe, expect, it } from 'vitest';
import { handOverRoom } from './hand-over-room.ts';

describe('hand-over room', () => {
  it('reserves up to its size, and again what is given back or has run', async () => {
    const room = handOverRoom(3);
    expect(room.reserve(2)).toBe(true);
    expect(room.reserve(2)).toBe(false);
    room.release(2);
    expect(room.reserve(3)).toBe(true);
    let done!: () => void;
    room.hold(3, new Promise<void>((resolve) => (done = resolve)));
    expect(room.reserve(1)).toBe(false);
    done();
    await new Promise((r) => setTimeout(r, 0));
    expect(room.reserve(1)).toBe(true);
  });

  it('at stop reserves nothing more and waits for the work held, up to its limit', async () => {
    const room = handOverRoom(10);
    expect(room.reserve(1)).toBe(true);
    let done!: () => void;
    room.hold(1, new Promise<void>((resolve) => (done = resolve)));
    let stopped = false;
    const stopping = room.stop(5_000).then(() => (stopped = true));
    expect(room.stopping).toBe(true);
    expect(room.reserve(1)).toBe(false);
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    done();
    await stopping;
    expect(stopped).toBe(true);
    // A reservation never run nor given back: stop gives up at its limit.
    const stuck = handOverRoom(10);
    stuck.reserve(1);
    const started = Date.now();
    await stuck.stop(60);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });
});
