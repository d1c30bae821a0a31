import axios from 'axios';
import { api } from '@/lib/api-client';
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
  const response = await api.get<{ message?: string; data?: unknown }>(
    `/v1/real-estates/${realEstateId}/integrations/test`,
    // The server waits for every CRM; a slow one answers within its own 15 s limit.
    { timeout: 30_000 },
  );
  return { message: response.data?.message ?? '', results: readResults(response.data) };
}

/** Per-integration detail of a failed test, when the server sent it. */
export function testResultsOf(error: unknown): IntegrationTestResult[] {
  return axios.isAxiosError(error) ? readResults(error.response?.data) : [];
}
