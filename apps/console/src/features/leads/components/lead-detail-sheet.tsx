import { LEAD_STATUS_LABELS, LEAD_STATUSES, landingPath, type LeadStatus } from '@vitrine/contracts';
import { CLICK_ID_LABELS, UTM_LABELS } from '@/lib/campaign-labels';
import { paths } from '@vitrine/contracts/paths';
import { ExternalLink, Mail, MessageCircle, Phone, ShieldAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailText } from '@/components/email-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SideSheet, SideSheetContent } from '@/components/ui/side-sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { getApiErrorMessage, getApiStatus } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useLead } from '../api/get-lead';
import { useReleaseLead } from '../api/release-lead';
import { useUpdateLeadStatus } from '../api/update-lead-status';
import { formatDateTime, formatPhone, sourceLabel, telHref, whatsappUrl } from '../format';
import type { LeadDetail } from '@vitrine/contracts';
import { LeadSourceBadge } from '@/components/lead-source-badge';
import { sourceDetailsOf } from '../source-details';
import { LeadProperty } from './leads-list';
import { LeadDeliveries } from './lead-deliveries';
import { LeadConversionsLine } from '@/features/conversions';
import { LeadAssignee } from './lead-assignee';
import { LeadFlags, LeadStatusBadge } from './status-badges';

interface LeadDetailSheetProps {
  realEstateId: number;
  agencyName: string | null;
  leadId: string | null;
  onClose: () => void;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
}

/** A lead's detail in a right-hand panel, opened by ?lead={id} (e-mail alerts link there). */
export function LeadDetailSheet({
  realEstateId,
  agencyName,
  leadId,
  onClose,
  leadHref,
  leadLinkState,
}: LeadDetailSheetProps) {
  const query = useLead(realEstateId, leadId);
  const lead = query.data;
  return (
    <SideSheet open={Boolean(leadId)} onOpenChange={(open) => !open && onClose()}>
      <SideSheetContent
        title={lead?.name ?? 'Lead'}
        description={lead ? `Recebido em ${formatDateTime(lead.created_at)}` : undefined}
        closeLabel="Fechar detalhes do lead"
      >
        {query.isPending ? (
          <DetailSkeleton />
        ) : query.isError ? (
          <div className="p-4 sm:p-6">
            <ErrorState
              title={getApiStatus(query.error) === 404 ? 'Lead não encontrado' : undefined}
              message={
                getApiStatus(query.error) === 404
                  ? 'Este lead não existe ou pertence a outra imobiliária. Confira a conta selecionada.'
                  : getApiErrorMessage(query.error)
              }
              onRetry={getApiStatus(query.error) === 404 ? undefined : () => void query.refetch()}
            />
          </div>
        ) : (
          <LeadDetailBody
            lead={query.data}
            realEstateId={realEstateId}
            agencyName={agencyName}
            leadHref={leadHref}
            leadLinkState={leadLinkState}
          />
        )}
      </SideSheetContent>
    </SideSheet>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 border-b px-4 py-5 last:border-0 sm:px-6">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function LeadDetailBody({
  lead,
  realEstateId,
  agencyName,
  leadHref,
  leadLinkState,
}: {
  lead: LeadDetail;
  realEstateId: number;
  agencyName: string | null;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
}) {
  const statusId = useId();
  const updateStatus = useUpdateLeadStatus(realEstateId);
  const release = useReleaseLead(realEstateId);
  const whatsapp = whatsappUrl(lead, agencyName);

  const changeStatus = (status: LeadStatus) => {
    if (status === lead.status) return;
    updateStatus.mutate(
      { leadId: lead.id, status },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: 'Status atualizado',
            description: <span>{`${lead.name}: ${LEAD_STATUS_LABELS[status]}.`}</span>,
          }),
        onError: (error) =>
          toast({
            variant: 'danger',
            title: 'Não foi possível mudar o status',
            description: <span>{getApiErrorMessage(error)}</span>,
          }),
      },
    );
  };

  const releaseLead = () =>
    release.mutate(lead.id, {
      onSuccess: (result) =>
        toast({
          variant: 'success',
          title: 'Lead liberado',
          description: <span>{result.message ?? 'O lead foi encaminhado às integrações.'}</span>,
        }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'Não foi possível liberar o lead',
          description: <span>{getApiErrorMessage(error)}</span>,
        }),
    });

  const { utm } = lead;
  const details = sourceDetailsOf(lead);
  // Click ids are opaque codes: monospaced, so they can be compared with the ad platform's.
  const campaign: Array<[string, string | null, 'code'?]> = [
    [UTM_LABELS.source, utm.source],
    [UTM_LABELS.medium, utm.medium],
    [UTM_LABELS.campaign, utm.campaign],
    [UTM_LABELS.term, utm.term],
    [UTM_LABELS.content, utm.content],
    [CLICK_ID_LABELS.gclid, lead.gclid, 'code'],
    [CLICK_ID_LABELS.fbclid, lead.fbclid, 'code'],
  ];

  return (
    <div>
      <div className="grid gap-4 border-b px-4 py-5 sm:px-6">
        <div className="flex flex-wrap gap-1.5 empty:hidden">
          <LeadFlags lead={lead} />
        </div>
        {lead.quarantined && (
          <Alert variant="warning">
            <p className="font-medium">Este lead está em quarentena.</p>
            <p>
              Motivo: {lead.quarantine_reason ?? 'suspeita de spam'}. Ele não foi enviado às integrações nem
              gerou aviso por e-mail.
            </p>
            <Button size="sm" className="mt-3" onClick={releaseLead} disabled={release.isPending}>
              <ShieldAlert aria-hidden="true" />
              {release.isPending ? 'Liberando...' : 'Liberar lead'}
            </Button>
          </Alert>
        )}
        <div className="grid gap-1.5 sm:max-w-60">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect
            id={statusId}
            value={lead.status}
            onChange={(e) => changeStatus(e.target.value as LeadStatus)}
            aria-describedby={lead.status_changed_at ? `${statusId}-changed` : undefined}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          {lead.status_changed_at && (
            <p id={`${statusId}-changed`} className="text-xs text-muted-foreground">
              Alterado em {formatDateTime(lead.status_changed_at)}
            </p>
          )}
        </div>
        <LeadAssignee realEstateId={realEstateId} lead={lead} />
      </div>

      <Section title="Contato">
        <dl className="grid gap-2">
          {lead.phone && <Field label="Telefone">{formatPhone(lead.phone)}</Field>}
          {lead.email && (
            <Field label="E-mail">
              <EmailText email={lead.email} />
            </Field>
          )}
          <Field label="Consentimento">{lead.consent ? 'Autorizou ser contatado' : 'Não registrado'}</Field>
        </dl>
        <div className="flex flex-wrap gap-2">
          {whatsapp && (
            <Button asChild size="sm" className="bg-emerald-600 hover:bg-emerald-700">
              <a href={whatsapp} target="_blank" rel="noreferrer">
                <MessageCircle aria-hidden="true" />
                WhatsApp
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </Button>
          )}
          {lead.phone && (
            <Button asChild size="sm" variant="outline">
              <a href={telHref(lead.phone)}>
                <Phone aria-hidden="true" />
                Ligar
              </a>
            </Button>
          )}
          {lead.email && (
            <Button asChild size="sm" variant="outline">
              <a href={`mailto:${lead.email}`}>
                <Mail aria-hidden="true" />
                E-mail
              </a>
            </Button>
          )}
        </div>
      </Section>

      <Section title="Mensagem">
        {lead.message ? (
          <p className="text-sm whitespace-pre-line break-words">{lead.message}</p>
        ) : (
          <p className="text-sm text-muted-foreground">Sem mensagem.</p>
        )}
      </Section>

      <Section title="Origem">
        <dl className="grid gap-2">
          <Field label="Imóvel">
            {lead.page ? (
              <a
                href={landingPath(lead.page.slug)}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {lead.page.title}
                <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
                <span className="sr-only"> (abre a página pública em nova aba)</span>
              </a>
            ) : (
              <LeadProperty lead={lead} />
            )}
          </Field>
          {lead.listing_code && (
            <Field label="Código do imóvel">
              <span className="font-mono text-xs">{lead.listing_code}</span>
            </Field>
          )}
          <Field label="Canal">
            <LeadSourceBadge source={lead.source} />
          </Field>
          {details.facts.map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
          {campaign
            .filter(([, value]) => value)
            .map(([label, value, kind]) => (
              <Field key={label} label={label}>
                {kind === 'code' ? <span className="break-all font-mono text-xs">{value}</span> : value}
              </Field>
            ))}
          {lead.referrer && (
            <Field label="Veio de">
              <span className="text-xs break-all">{lead.referrer}</span>
            </Field>
          )}
          {lead.session_id && (
            <Field label="Sessão">
              <Link
                to={paths.analyticsSession(lead.session_id)}
                className="text-primary underline-offset-4 hover:underline"
              >
                Ver a navegação no Analytics
              </Link>
            </Field>
          )}
          <Field label="Recebido em">{formatDateTime(lead.created_at)}</Field>
        </dl>
      </Section>

      {details.answers.length > 0 && (
        <Section title={answersTitle(lead.source)}>
          <dl className="grid gap-3">
            {details.answers.map(({ question, answer }, i) => (
              <div key={`${question}-${i}`} className="grid gap-0.5 text-sm">
                <dt className="text-muted-foreground">{question}</dt>
                <dd className="break-words whitespace-pre-line">{answer}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      <Section title="Envio às integrações">
        <LeadConversionsLine leadId={lead.id} />
        <LeadDeliveries
          realEstateId={realEstateId}
          deliveries={lead.deliveries}
          quarantined={lead.quarantined}
        />
      </Section>

      {lead.contact_leads.length > 0 && (
        <Section title={`Outros contatos desta pessoa (${lead.contact_leads.length})`}>
          <ul className="grid gap-2">
            {lead.contact_leads.map((other) => (
              <li key={other.id}>
                <Link
                  to={leadHref(other.id)}
                  state={leadLinkState}
                  className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm hover:bg-muted/40"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {other.page?.title ?? sourceLabel(other.source)}
                    </span>
                    <span className="text-xs text-muted-foreground">{formatDateTime(other.created_at)}</span>
                  </span>
                  <LeadStatusBadge status={other.status} />
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

/** A Meta form's questions, the API's extra fields, or whatever else the source sent. */
function answersTitle(source: string): string {
  if (source === 'facebook' || source === 'instagram')
    return `Respostas do formulário (${sourceLabel(source)})`;
  if (source === 'api') return 'Campos enviados pela API';
  return `Outras informações (${sourceLabel(source)})`;
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Carregando o lead..." className="grid gap-6 p-4 sm:p-6">
      <Skeleton className="h-9 w-48" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}
