import {
  LEAD_STATUS_LABELS,
  maskPhone,
  PERSON_COUNT_LABELS,
  PRIVACY_MESSAGES,
  personSearchBody,
  type EraseCounts,
  type PersonCounts,
  type PersonSearchBody,
  type PersonSummary,
} from '@vitrine/contracts';
import { Download, Eraser, Search, SearchX, UserSearch } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyState } from '@/components/ui/states';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useErasePerson } from '../api/erase-person';
import { useExportPerson } from '../api/export-person';
import { useSearchPerson } from '../api/search-person';

type Kind = 'email' | 'phone';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** "2 leads, 1 contato e 1 entrega cancelada": what an erasure changed, in one sentence. */
export function describeErased(c: EraseCounts): string {
  const parts = [
    plural(c.leads, 'lead', 'leads'),
    plural(c.contacts, 'contato', 'contatos'),
    plural(c.sessions, 'visita', 'visitas'),
    plural(c.delivery_attempts, 'tentativa de entrega', 'tentativas de entrega'),
  ];
  if (c.canceled_deliveries)
    parts.push(plural(c.canceled_deliveries, 'entrega cancelada', 'entregas canceladas'));
  return `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;
}

/** "Encontrar os dados de uma pessoa": the search, what was found, and the two rights (export, erase). */
export function PersonSearch({ realEstateId }: { realEstateId: number }) {
  const [kind, setKind] = useState<Kind>('email');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [searched, setSearched] = useState<PersonSearchBody | null>(null);
  const [summary, setSummary] = useState<PersonSummary | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const search = useSearchPerson(realEstateId);
  const exporter = useExportPerson(realEstateId);
  const eraser = useErasePerson(realEstateId);
  const resultsId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErased(null);
    const body: PersonSearchBody = kind === 'email' ? { email: value } : { phone: value };
    const parsed = personSearchBody.safeParse(body);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Confira o valor informado.');
      return;
    }
    setFieldError(null);
    try {
      setSummary(await search.mutateAsync(body));
      setSearched(body);
    } catch (error) {
      const errors = getValidationErrors(error);
      setFieldError(errors ? (Object.values(errors).flat()[0] ?? null) : null);
      setSummary(null);
    }
  };

  const onExport = async () => {
    if (!searched) return;
    try {
      await exporter.mutateAsync(searched);
      toast({ variant: 'success', title: 'Dados exportados', description: 'O arquivo JSON foi baixado.' });
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Não foi possível exportar',
        description: getApiErrorMessage(error),
      });
    }
  };

  const onErase = async () => {
    if (!searched) return;
    try {
      const result = await eraser.mutateAsync(searched);
      setErased(`${result.message} ${describeErased(result.data.counts)} anonimizados.`);
      setSummary(null);
      setSearched(null);
      setValue('');
      toast({
        variant: 'success',
        title: 'Dados anonimizados',
        description: describeErased(result.data.counts),
      });
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Não foi possível anonimizar',
        description: getApiErrorMessage(error),
      });
    }
  };

  const found = summary && (summary.counts.leads > 0 || summary.counts.contacts > 0);
  const label = kind === 'email' ? 'E-mail da pessoa' : 'Telefone da pessoa';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserSearch className="size-4" aria-hidden="true" /> Dados de uma pessoa
        </CardTitle>
        <CardDescription>
          Quando alguém pede o que a imobiliária guarda sobre si, ou pede para apagar: busque pelo e-mail ou
          telefone, exporte os dados ou anonimize-os.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onSubmit={submitHandler(onSubmit)}
          noValidate
          role="search"
          aria-label="Buscar os dados de uma pessoa"
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        >
          <FormField label="Buscar por">
            <NativeSelect
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setFieldError(null);
              }}
            >
              <option value="email">E-mail</option>
              <option value="phone">Telefone</option>
            </NativeSelect>
          </FormField>
          <FormField
            label={label}
            error={fieldError ?? undefined}
            hint={kind === 'phone' ? 'Com DDD, com ou sem 55; ou só o número, para qualquer DDD.' : undefined}
          >
            <Input
              type={kind === 'email' ? 'email' : 'tel'}
              inputMode={kind === 'email' ? 'email' : 'tel'}
              autoComplete="off"
              placeholder={kind === 'email' ? 'pessoa@exemplo.com.br' : '(11) 98765-4321'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
          <Button type="submit" disabled={search.isPending} className="sm:mb-0">
            <Search aria-hidden="true" />
            {search.isPending ? 'Buscando...' : 'Buscar'}
          </Button>
        </form>

        <div id={resultsId} aria-live="polite" className="grid gap-4">
          {erased && <Alert variant="success">{erased}</Alert>}
          {search.isError && !getValidationErrors(search.error) && (
            <Alert variant="danger">{getApiErrorMessage(search.error)}</Alert>
          )}
          {summary && !found && (
            <EmptyState
              icon={SearchX}
              title="Nenhum dado encontrado"
              description={`Nenhum lead ou contato desta imobiliária tem ${
                summary.key.type === 'email' ? 'o e-mail' : 'o telefone'
              } ${summary.key.value}.`}
            />
          )}
          {summary && found && (
            <Found
              summary={summary}
              exporting={exporter.isPending}
              erasing={eraser.isPending}
              onExport={() => void onExport()}
              onErase={() => void onErase()}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Found({
  summary,
  exporting,
  erasing,
  onExport,
  onErase,
}: {
  summary: PersonSummary;
  exporting: boolean;
  erasing: boolean;
  onExport: () => void;
  onErase: () => void;
}) {
  const c = summary.counts;
  const more = c.leads - summary.leads.length;
  return (
    <section aria-label="Dados encontrados" className="grid gap-4">
      <h3 className="text-sm font-semibold">
        Encontrado para <span className="break-all">{summary.key.value}</span>
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(Object.keys(PERSON_COUNT_LABELS) as (keyof PersonCounts)[]).map((k) => (
          <div key={k} className="rounded-lg border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{PERSON_COUNT_LABELS[k]}</dt>
            <dd className="text-lg font-semibold tabular-nums">{c[k].toLocaleString('pt-BR')}</dd>
          </div>
        ))}
      </dl>
      {summary.leads.length > 0 && (
        <ul aria-label="Leads da pessoa" className="grid gap-2">
          {summary.leads.map((lead) => (
            <li key={lead.id} data-testid="person-lead" className="grid gap-1 rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="font-medium">{lead.name}</span>
                <time className="text-xs text-muted-foreground" dateTime={lead.created_at}>
                  {formatDateTime(lead.created_at)}
                </time>
              </div>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
                {lead.email && <span className="break-all">{lead.email}</span>}
                {lead.phone && <span>{maskPhone(lead.phone)}</span>}
              </div>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <span>{lead.page ? lead.page.title : 'Sem página'}</span>
                <span>Status: {LEAD_STATUS_LABELS[lead.status]}</span>
                <span>Aceitou contato: {lead.consent ? 'sim' : 'não'}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="text-xs text-muted-foreground">
          E mais {plural(more, 'lead', 'leads')}: a exportação traz todos.
        </p>
      )}
      {summary.key.type === 'phone' && summary.key.value.length <= 9 ? (
        // A number without its DDD matches every DDD: the server refuses to export or erase by it.
        <p role="note" className="text-sm text-muted-foreground">
          {PRIVACY_MESSAGES.phoneWithDdd} Busque de novo com o DDD para exportar ou anonimizar.
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={onExport} disabled={exporting}>
            <Download aria-hidden="true" />
            {exporting ? 'Exportando...' : 'Exportar dados'}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="destructive" disabled={erasing}>
                <Eraser aria-hidden="true" />
                {erasing ? 'Anonimizando...' : 'Anonimizar dados'}
              </Button>
            }
            title="Anonimizar os dados desta pessoa?"
            description={
              <span className="grid gap-2">
                <span>
                  {plural(c.leads, 'lead', 'leads')} e {plural(c.contacts, 'contato', 'contatos')} passam a se
                  chamar “Titular anonimizado”: nome, e-mail, telefone, mensagem, navegador e IP são apagados,
                  e também as respostas dos CRMs nas {plural(c.delivery_attempts, 'tentativa', 'tentativas')}{' '}
                  de entrega. {plural(c.sessions, 'visita deixa', 'visitas deixam')} de estar ligada à pessoa.
                </span>
                <span>
                  Entregas ainda não enviadas são canceladas. Os registros ficam, sem a pessoa: as contagens
                  de leads, visitas e entregas não mudam. Esta ação não pode ser desfeita.
                </span>
              </span>
            }
            confirmLabel="Anonimizar"
            destructive
            busy={erasing}
            onConfirm={onErase}
          />
        </div>
      )}
    </section>
  );
}
