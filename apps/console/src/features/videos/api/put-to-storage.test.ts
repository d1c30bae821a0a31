/**
 * The PUT to storage (putToStorage) with a stand-in XMLHttpRequest (jsdom's has no upload progress):
 * one PUT for a small file; a large file on S3 part by part with progress over the whole file, a part
 * sent again after a network error, and the parts' ETags returned for upload-finished.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putToStorage, UploadError, type UploadTicket } from './put-to-storage';

interface Sent {
  url: string;
  size: number;
  headers: Record<string, string>;
}

/** Answers each PUT with `answers[i]` (status, or 'network'), reporting half the body then all of it. */
function fakeXhr(answers: (number | 'network')[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? `"etag-${sent.length}"` : null;
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      sent.push({ url: this.url, size: body.size, headers: this.headers });
      const answer = answers[sent.length - 1] ?? 200;
      queueMicrotask(() => {
        this.upload.onprogress?.({ loaded: body.size / 2, total: body.size, lengthComputable: true });
        if (answer === 'network') return this.onerror?.();
        this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
        this.status = answer;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const ticket: UploadTicket = {
  url: 'http://s3.test/b/v.mp4?sig',
  method: 'PUT',
  headers: { 'Content-Type': 'video/mp4' },
  expires_at: '2026-11-25T00:00:00Z',
};

describe('putToStorage', () => {
  it('a small file: one PUT to the URL, no parts', async () => {
    const sent = fakeXhr([200]);
    const progress: number[] = [];
    const parts = await putToStorage(ticket, new File([new Uint8Array(1000)], 'a.mp4'), {
      onProgress: (p) => progress.push(p),
    });
    expect(parts).toBeUndefined();
    expect(sent).toEqual([{ url: ticket.url, size: 1000, headers: { 'Content-Type': 'video/mp4' } }]);
    expect(progress).toEqual([50, 100]);
  });

  it('a large file: part by part, progress over the whole file, a failed part sent again, ETags returned', async () => {
    const sent = fakeXhr([200, 'network', 200, 200]);
    const multipart: UploadTicket = {
      ...ticket,
      headers: {},
      part_size: 400,
      parts: [1, 2, 3].map((number) => ({ number, url: `http://s3.test/b/v.mp4?partNumber=${number}` })),
    };
    const progress: number[] = [];
    const parts = await putToStorage(multipart, new File([new Uint8Array(1000)], 'big.mp4'), {
      onProgress: (p) => progress.push(p),
    });
    expect(sent.map((s) => [s.url.slice(-1), s.size])).toEqual([
      ['1', 400],
      ['2', 400],
      ['2', 400], // after the network error
      ['3', 200],
    ]);
    expect(parts).toEqual([
      { number: 1, etag: '"etag-1"' },
      { number: 2, etag: '"etag-3"' },
      { number: 3, etag: '"etag-4"' },
    ]);
    // Never backwards but for the retried part's own restart; ends at 100 %.
    expect(progress.slice(0, 4)).toEqual([20, 40, 40, 60]);
    expect(progress.at(-1)).toBe(100);
    expect(progress.filter((p) => p > 40 && p < 100).length).toBeGreaterThan(0);
  });

  it('a part refused by the storage stops the upload with the reason', async () => {
    fakeXhr([200, 403]);
    const multipart: UploadTicket = {
      ...ticket,
      part_size: 400,
      parts: [1, 2, 3].map((number) => ({ number, url: `http://s3.test/p${number}` })),
    };
    await expect(putToStorage(multipart, new File([new Uint8Array(1000)], 'big.mp4'))).rejects.toEqual(
      new UploadError('O endereço de envio expirou ou foi recusado. Tente de novo.'),
    );
  });
});
