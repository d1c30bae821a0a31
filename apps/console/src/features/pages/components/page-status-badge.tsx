import { PAGE_STATUS_LABELS, type PageStatus } from '@vitrine/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Green while it is live, gray while a draft, blue once the deal is closed. */
export const PAGE_STATUS_TONES: Record<PageStatus, BadgeTone> = {
  draft: 'gray',
  published: 'green',
  sold: 'info',
  rented: 'info',
};

export function PageStatusBadge({ status, className }: { status: PageStatus; className?: string }) {
  return (
    <Badge tone={PAGE_STATUS_TONES[status]} dot className={className}>
      {PAGE_STATUS_LABELS[status]}
    </Badge>
  );
}
