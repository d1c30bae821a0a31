/**
 * `promise`, or a rejection after `ms` milliseconds if it has not settled by then. The work itself is not
 * stopped (a probe, an e-mail handed to the SMTP pool): the caller stops waiting for it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
