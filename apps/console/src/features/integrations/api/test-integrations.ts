import axios from 'axios';
import { call } from '@/lib/api-client';
import type { IntegrationTestResult } from '@vitrine/contracts';

export interface IntegrationsTestOutcome {
  message: string;
  results: IntegrationTestResult[];
}

function readResults(body: unknown): IntegrationTestResult[] {
  const results = (body as { data?: { results?: unknown } } | null)?.data?.results;
  return Array.isArray(results) ? (results as IntegrationTestResult[]) : [];
}

/**
 * GET /v1/real-estates/{id}/integrations/test: the server contacts every active integration.
 * 200 when all of them answered well; otherwise an error whose body carries `message` (what failed)
 * and `data.results` (per integration), read with testResultsOf().
 */
export async function testIntegrations(realEstateId: number): Promise<IntegrationsTestOutcome> {
  const answer = await call(
    'testIntegrations',
    { params: { id: realEstateId } },
    // The server waits for every CRM; a slow one answers within its own 15 s limit.
    { timeout: 30_000 },
  );
  return { message: answer.message, results: readResults(answer) };
}

/** Per-integration detail of a failed test, when the server sent it. */
export function testResultsOf(error: unknown): IntegrationTestResult[] {
  return axios.isAxiosError(error) ? readResults(error.response?.data) : [];
}
