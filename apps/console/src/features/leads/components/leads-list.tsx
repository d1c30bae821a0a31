import { paths } from '@vitrine/contracts/paths';
import { Inbox, Mail, MapPinOff, Phone, SearchX, ShieldAlert, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LeadSourceBadge } from '@/components/lead-source-badge';
import { EmailText } from '@/components/email-text';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { campaignSummary, formatDay, formatPhone, formatTime, sourceLabel } from '../format';
import type { Lead } from '@vitrine/contracts';
import { propertyText } from '../source-details';
import { QuarantineReason, quarantineCountText } from './quarantine';
import { LeadFlags, LeadStatusBadge } from './status-badges';

interface LeadsListProps {
  leads: Lead[];
  /** A newer page is loading while this one stays on screen. */
  stale?: boolean;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
  onOpen: (id: string) => void;
  /** A per-lead action (the quarantine's "Liberar"); adds a column. */
  action?: (lead: Lead) => ReactNode;
}

/** Leads as a table on wide screens and as cards on phones (style guide). */
export function LeadsList({ leads, stale, leadHref, leadLinkState, onOpen, action }: LeadsListProps) {
  return (
    <div aria-busy={stale || undefined} className={cn('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm xl:block">
        <Table scrollLabel="Tabela de leads">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-28">Data</TableHead>
              <TableHead>Nome</TableHead>
              <TableHead>Contato</TableHead>
              <TableHead>Imóvel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Responsável</TableHead>
              <TableHead>Origem</TableHead>
              {action && (
                <TableHead>
                  <span className="sr-only">Ações</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {leads.map((lead) => (
              <TableRow
                key={lead.id}
                className="cursor-pointer"
                // The name is the keyboard/screen-reader way in; a click anywhere on the row helps the mouse.
                onClick={(e) => {
                  if ((e.target as HTMLElement).closest('a,button')) return;
                  onOpen(lead.id);
                }}
              >
                <TableCell className="whitespace-nowrap">
                  <div>{formatDay(lead.created_at)}</div>
                  <div className="text-xs text-muted-foreground">{formatTime(lead.created_at)}</div>
                </TableCell>
                <TableCell className="max-w-48 min-w-32">
                  <Link
                    to={leadHref(lead.id)}
                    state={leadLinkState}
                    className="rounded-sm font-medium [overflow-wrap:anywhere] hover:underline"
                  >
                    {lead.name}
                  </Link>
                  <div className="mt-1 flex flex-wrap gap-1 empty:hidden">
                    <LeadFlags lead={lead} />
                  </div>
                  <QuarantineReason lead={lead} />
                </TableCell>
                <TableCell className="max-w-48 min-w-36">
                  {lead.phone && <div className="whitespace-nowrap">{formatPhone(lead.phone)}</div>}
                  {lead.email && (
                    // One line in the table (the whole address on hover and in the lead's detail); the
                    // cards below wrap it instead.
                    <div className="max-w-36 truncate text-xs text-muted-foreground" title={lead.email}>
                      {lead.email}
                    </div>
                  )}
                </TableCell>
                <TableCell className="max-w-64 min-w-40">
                  <LeadProperty lead={lead} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <LeadStatusBadge status={lead.status} />
                </TableCell>
                <TableCell className="max-w-36">
                  <Assignee lead={lead} />
                </TableCell>
                <TableCell className="max-w-44 min-w-28">
                  <LeadOrigin lead={lead} />
                </TableCell>
                {action && <TableCell className="text-right whitespace-nowrap">{action(lead)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid grid-cols-1 gap-3 xl:hidden" aria-label="Leads">
        {leads.map((lead) => (
          <li key={lead.id}>
            <Link
              to={leadHref(lead.id)}
              state={leadLinkState}
              className="block rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted/40"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{lead.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDay(lead.created_at)} às {formatTime(lead.created_at)}
                  </p>
                </div>
                <LeadStatusBadge status={lead.status} />
              </div>
              <div className="mt-2 flex flex-wrap gap-1 empty:hidden">
                <LeadFlags lead={lead} />
              </div>
              <div className="mt-1 empty:hidden">
                <QuarantineReason lead={lead} />
              </div>
              <dl className="mt-3 grid gap-1 text-sm">
                {lead.phone && (
                  <div className="flex items-center gap-2">
                    <dt>
                      <Phone className="size-3.5 text-muted-foreground" aria-label="Telefone" />
                    </dt>
                    <dd>{formatPhone(lead.phone)}</dd>
                  </div>
                )}
                {lead.email && (
                  <div className="flex min-w-0 items-center gap-2">
                    <dt>
                      <Mail className="size-3.5 text-muted-foreground" aria-label="E-mail" />
                    </dt>
                    <dd className="min-w-0 [overflow-wrap:anywhere]">
                      <EmailText email={lead.email} />
                    </dd>
                  </div>
                )}
                {propertyText(lead) && (
                  <div className="flex gap-2">
                    <dt className="sr-only">Imóvel</dt>
                    <dd className="min-w-0">
                      <LeadProperty lead={lead} />
                    </dd>
                  </div>
                )}
                <div className="flex min-w-0 items-center gap-2">
                  <dt>
                    <UserRound className="size-3.5 text-muted-foreground" aria-label="Responsável" />
                  </dt>
                  <dd className="min-w-0">
                    <Assignee lead={lead} />
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="sr-only">Origem</dt>
                  <dd className="min-w-0">
                    <LeadOrigin lead={lead} inline />
                  </dd>
                </div>
              </dl>
            </Link>
            {action && <div className="mt-2 flex justify-end">{action(lead)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The lead's property: its page, or "imóvel não encontrado (código X)" when the source named a listing
 * code that matches no page (docs/product.md#lead-sources), or "—".
 */
export function LeadProperty({ lead }: { lead: Pick<Lead, 'page' | 'listing_code'> }) {
  const text = propertyText(lead);
  if (lead.page) {
    return (
      <span className="line-clamp-2 [overflow-wrap:anywhere]" title={lead.page.title}>
        {lead.page.title}
      </span>
    );
  }
  if (text) {
    return (
      <span className="inline-flex items-start gap-1 text-amber-800 [overflow-wrap:anywhere]">
        <MapPinOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {text}
      </span>
    );
  }
  return <span className="text-muted-foreground">—</span>;
}

/**
 * The source's badge and, when it says more, the campaign: under it on one line in the table (the whole
 * campaign on hover and in the lead's detail), beside it and wrapped on a card.
 */
function LeadOrigin({ lead, inline = false }: { lead: Lead; inline?: boolean }) {
  const campaign = campaignSummary(lead);
  return (
    <div className={cn('flex gap-1', inline ? 'flex-wrap items-center gap-x-2' : 'flex-col items-start')}>
      <LeadSourceBadge source={lead.source} />
      {campaign !== sourceLabel(lead.source) && (
        <span
          className={cn(
            'text-xs text-muted-foreground',
            inline ? '[overflow-wrap:anywhere]' : 'max-w-28 truncate',
          )}
          title={inline ? undefined : campaign}
        >
          {campaign}
        </span>
      )}
    </div>
  );
}

/** The member in charge of the lead, or "—" when nobody is (docs/product.md#lead-assignment). */
function Assignee({ lead }: { lead: Lead }) {
  return lead.assigned_user_name ? (
    <span className="line-clamp-2 [overflow-wrap:anywhere]" title={lead.assigned_user_name}>
      {lead.assigned_user_name}
    </span>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

export function LeadsListSkeleton() {
  return (
    <div role="status" aria-label="Carregando leads..." className="grid gap-3">
      <div className="hidden rounded-xl border bg-card p-3 shadow-sm xl:block">
        {Array.from({ length: 6 }, (_, i) => (
          <div
            key={i}
            className="grid grid-cols-[6rem_1fr_1fr_1fr_6rem_6rem_1fr] gap-4 border-b px-1 py-4 last:border-0"
          >
            <Skeleton className="h-4" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-5 rounded-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="grid gap-3 rounded-xl border bg-card p-4 xl:hidden">
          <div className="flex justify-between gap-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** What to say when the list is empty depends on why. */
export function LeadsEmpty({
  hasFilters,
  quarantineOnly,
  onClear,
  quarantined = 0,
  onShowQuarantine,
}: {
  hasFilters: boolean;
  quarantineOnly: boolean;
  onClear: () => void;
  /** Leads in quarantine with the same filters (the list's meta.quarantined). */
  quarantined?: number;
  onShowQuarantine?: () => void;
}) {
  const showQuarantine = quarantined > 0 && onShowQuarantine && (
    <Button onClick={onShowQuarantine}>
      <ShieldAlert aria-hidden="true" />
      Ver {quarantined === 1 ? 'o lead' : `os ${quarantined}`} em quarentena
    </Button>
  );
  if (!quarantineOnly && showQuarantine && !hasFilters) {
    return (
      <EmptyState
        icon={ShieldAlert}
        title={`Nenhum lead liberado, mas há ${quarantineCountText(quarantined)}.`}
        description="Contatos suspeitos de spam ficam na quarentena, sem ir ao seu CRM. Confira cada um e libere os que forem de verdade."
        action={showQuarantine}
      />
    );
  }
  if (!quarantineOnly && showQuarantine) {
    return (
      <EmptyState
        icon={SearchX}
        title="Nenhum lead com esses filtros."
        description={`Com esses filtros há ${quarantineCountText(quarantined)}.`}
        action={
          <>
            {showQuarantine}
            <Button variant="outline" onClick={onClear}>
              Limpar filtros
            </Button>
          </>
        }
      />
    );
  }
  if (quarantineOnly) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title="Nenhum lead em quarentena."
        description="Contatos suspeitos de spam ficam aqui, sem ir ao seu CRM, até você liberá-los."
        action={
          <Button variant="outline" onClick={onClear}>
            Ver todos os leads
          </Button>
        }
      />
    );
  }
  if (hasFilters) {
    return (
      <EmptyState
        icon={SearchX}
        title="Nenhum lead com esses filtros."
        action={
          <Button variant="outline" onClick={onClear}>
            Limpar filtros
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Inbox}
      title="Nenhum lead ainda."
      description="Os contatos deixados nas páginas dos seus imóveis aparecem aqui."
      action={
        <Button asChild>
          <Link to={paths.pages}>Publique uma página</Link>
        </Button>
      }
    />
  );
}
