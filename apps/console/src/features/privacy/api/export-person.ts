import type { PersonExport, PersonSearchBody } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** POST /v1/real-estates/{id}/privacy/export → the JSON document (docs/privacy.md), logged by the server. */
export function exportPerson(realEstateId: number, body: PersonSearchBody) {
  return call('exportPerson', { params: { id: realEstateId }, body });
}

/** Saves the document as a .json file through a temporary link (the browser's own download). */
export function downloadJson(document: PersonExport, filename: string) {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename;
  window.document.body.append(link);
  link.click();
  link.remove();
  // Freed a moment later: some browsers cancel a download whose URL is revoked during the click.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function useExportPerson(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonSearchBody) => exportPerson(realEstateId, body),
    onSuccess: (document) =>
      downloadJson(document, `dados-pessoais-${document.generated_at.slice(0, 10)}.json`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: privacyKeys.all(realEstateId) });
    },
  });
}
