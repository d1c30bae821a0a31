import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import type { RejectedFile } from './use-photo-uploads';

/** The files the checks refused, each with its reason, until closed. */
export function RejectedFilesAlert({ rejected, onClose }: { rejected: RejectedFile[]; onClose: () => void }) {
  if (rejected.length === 0) return null;
  return (
    <Alert variant="warning">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium">
            {rejected.length === 1
              ? 'Um arquivo não foi enviado:'
              : `${rejected.length} arquivos não foram enviados:`}
          </p>
          <ul className="mt-1 list-disc pl-4">
            {rejected.map((r, i) => (
              <li key={`${r.name}-${i}`} className="break-words">
                <strong>{r.name}</strong>: {r.reason}
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          aria-label="Fechar aviso"
          onClick={onClose}
          className="rounded-md p-1 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </Alert>
  );
}
