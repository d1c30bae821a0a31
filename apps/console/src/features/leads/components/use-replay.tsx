import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useReplayDelivery } from '../api/replay-delivery';
import { integrationLabel } from '@vitrine/contracts';

/** Replays a delivery and says how it went (a toast either way; lists refresh on their own). */
export function useReplay(realEstateId: number) {
  const { selectedRealEstate } = useAuth();
  const mutation = useReplayDelivery(realEstateId);
  const replay = (delivery: { id: string; integration: string }) =>
    mutation.mutate(delivery.id, {
      onSuccess: (result) =>
        toast({
          variant: 'success',
          title: 'Reenvio agendado',
          // Elements, not strings: toast strings are read as HTML.
          description: (
            <span>
              {result.message ??
                `A entrega para ${integrationLabel(delivery.integration)} voltou para a fila.`}
            </span>
          ),
        }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'Não foi possível reenviar',
          description: <span>{getApiErrorMessage(error)}</span>,
        }),
    });
  return {
    replay,
    /** Replaying is for owners and admins (the API answers 403 to a corretor): agents see no button. */
    allowed: selectedRealEstate?.role !== 'agent',
    /** The delivery being replayed right now, to disable its button. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
