/**
 * What the delivery ledger shows of an ad platform's attempt (Meta's Conversions API, Google Ads' upload):
 * the request sent, without its token, and the start of the answer, cut at 1,000 characters.
 */
import { clipWithEllipsis } from '@vitrine/contracts';

const LEDGER_CHARS = 1_000;

export const conversionLedgerText = (request: unknown, answer: string): string =>
  clipWithEllipsis(`Enviado: ${JSON.stringify(request)}\nResposta: ${answer}`, LEDGER_CHARS);
