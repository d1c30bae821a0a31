/**
 * The upload's second step: the file PUT straight to storage with XMLHttpRequest (progress, cancel),
 * never through the API. The first step asks for the URL (create-video-upload-url.ts), the third
 * marks the upload finished (finish-video-upload.ts).
 */
import type { UploadTicket } from '@vitrine/contracts';

export type { UploadTicket };

/** Each part's number and the ETag its PUT answered (upload-finished joins them). */
export type UploadedParts = { number: number; etag: string }[];

/** The file could not be sent to storage. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly aborted = false,
    /** The connection failed (worth one more try), rather than a refusal. */
    readonly network = false,
  ) {
    super(message);
  }
}

/** One PUT of `body` with its upload progress in bytes; resolves with the answer's ETag (null if hidden). */
function putBody(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onLoaded: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('Envio cancelado.', true));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onLoaded(Math.min(event.loaded, body.size));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader('ETag'));
      else if (xhr.status === 413) reject(new UploadError('O vídeo passa do tamanho máximo permitido.'));
      else if (xhr.status === 403)
        reject(new UploadError('O endereço de envio expirou ou foi recusado. Tente de novo.'));
      else reject(new UploadError(`O armazenamento recusou o arquivo (erro ${xhr.status}). Tente de novo.`));
    };
    xhr.onerror = () =>
      reject(
        new UploadError('A conexão caiu durante o envio. Verifique a internet e tente de novo.', false, true),
      );
    xhr.onabort = () => reject(new UploadError('Envio cancelado.', true));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Step 2: the file PUT straight to storage (S3 presigned URL or the local driver's signed URL), with
 * upload progress in 0–100 over the whole file; `signal` cancels. A large file on S3 goes part by part
 * (a part that fails on the network is sent once more); the parts' ETags are returned for step 3.
 */
export async function putToStorage(
  ticket: UploadTicket,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedParts | undefined> {
  const report = (bytes: number) => {
    if (onProgress && file.size > 0) onProgress(Math.min(100, (bytes / file.size) * 100));
  };
  if (!ticket.parts?.length || !ticket.part_size) {
    await putBody(ticket.url, ticket.headers, file, report, signal);
    return undefined;
  }
  const parts: UploadedParts = [];
  let sent = 0;
  for (const part of ticket.parts) {
    const body = file.slice((part.number - 1) * ticket.part_size, part.number * ticket.part_size);
    const send = () => putBody(part.url, ticket.headers, body, (bytes) => report(sent + bytes), signal);
    let etag: string | null;
    try {
      etag = await send();
    } catch (error) {
      if (!(error instanceof UploadError && error.network)) throw error;
      etag = await send();
    }
    if (!etag)
      throw new UploadError(
        'O armazenamento não confirmou uma parte do vídeo (ETag). Avise o suporte: a regra CORS do bucket precisa expor o ETag.',
      );
    parts.push({ number: part.number, etag });
    sent += body.size;
    report(sent);
  }
  return parts;
}
