import type { Preference, PreferenceKey } from '@vitrine/contracts';
import type { ReactNode } from 'react';
import { paths } from '@vitrine/contracts/paths';
import { Link } from 'react-router';
import { ManagerAgencyScreen, ManagerOnly } from '@/components/manager-only';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage, getApiStatus } from '@/lib/api-errors';
import { usePreferences } from '../api/get-preferences';
import { savePreference } from '../api/save-preference';
import { DomainCard } from '../components/domain-card';
import {
  AlertEmailsField,
  AutoReplyField,
  ColorField,
  IdField,
  MinutesField,
  ToggleField,
  WhatsappMessageField,
  WhatsappNumberField,
  type FieldProps,
} from '../components/preference-fields';
import { usePreferencesForm, type SavePreference } from '../use-preferences-form';

const TITLE = 'Configurações';
const DESCRIPTION = 'Preferências da imobiliária';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

/** Why agents do not see the screen (also when the API answers 403). */
const GATE = {
  purpose: 'definir as configurações',
  reason: 'As configurações da imobiliária são definidas pelo proprietário e pelos administradores.',
};

/** /configuracoes */
export function PreferencesRoute() {
  return (
    <ManagerAgencyScreen title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs} {...GATE}>
      {(agency) => <PreferencesLoader realEstateId={agency.id} />}
    </ManagerAgencyScreen>
  );
}

function PreferencesLoader({ realEstateId }: { realEstateId: number }) {
  const query = usePreferences(realEstateId);
  if (query.isPending) return <ListSkeleton rows={4} label="Carregando configurações..." />;
  if (query.isError) {
    if (getApiStatus(query.error) === 403) return <ManagerOnly reason={GATE.reason} />;
    return <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="grid gap-6">
      <PreferencesForm initial={query.data} save={savePreference} />
      <DomainCard realEstateId={realEstateId} />
    </div>
  );
}

interface Group {
  title: string;
  description: string;
  fields: { key: PreferenceKey; render: (props: FieldProps) => ReactNode }[];
}

const GROUPS: Group[] = [
  {
    title: 'Leads',
    description: 'Quem fica sabendo de cada lead novo e em quanto tempo ele deve ser atendido.',
    fields: [
      { key: 'lead_alert_emails', render: (p) => <AlertEmailsField {...p} /> },
      { key: 'response_sla_minutes', render: (p) => <MinutesField {...p} /> },
      { key: 'lead_auto_reply', render: (p) => <AutoReplyField {...p} /> },
    ],
  },
  {
    title: 'WhatsApp das páginas',
    description: 'O botão de WhatsApp de todas as páginas de imóveis.',
    fields: [
      { key: 'whatsapp_number', render: (p) => <WhatsappNumberField {...p} /> },
      { key: 'whatsapp_message', render: (p) => <WhatsappMessageField {...p} /> },
    ],
  },
  {
    title: 'Aparência das páginas',
    description: 'A cor da sua marca nos botões e links das páginas de imóveis.',
    fields: [{ key: 'brand_color', render: (p) => <ColorField {...p} /> }],
  },
  {
    title: 'Buscadores',
    description: 'O que o Google e outros buscadores encontram no sitemap do site.',
    fields: [
      {
        key: 'sitemap_closed_pages',
        render: (p) => (
          <ToggleField
            {...p}
            on="Vendidos e alugados continuam no sitemap"
            off="Só páginas publicadas no sitemap"
          />
        ),
      },
    ],
  },
  {
    title: 'Marketing e medição',
    description:
      'Pixels e tags entram nas páginas só quando preenchidos, carregados depois da página para não deixá-la lenta.',
    fields: [
      { key: 'meta_pixel_id', render: (p) => <IdField {...p} placeholder="123456789012345" /> },
      { key: 'ga4_measurement_id', render: (p) => <IdField {...p} placeholder="G-XXXXXXXXXX" /> },
      { key: 'gtm_container_id', render: (p) => <IdField {...p} placeholder="GTM-XXXXXXX" /> },
    ],
  },
];

export function PreferencesForm({ initial, save }: { initial: Preference[]; save: SavePreference }) {
  const { rows, edit, blur } = usePreferencesForm(initial, save);
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        As alterações são salvas automaticamente. Nome, logo e contatos ficam em{' '}
        <Link to={paths.account} className="font-medium text-primary underline-offset-4 hover:underline">
          dados da imobiliária
        </Link>
        .
      </p>
      {GROUPS.map((group) => (
        <Card key={group.title}>
          <CardHeader>
            <CardTitle>{group.title}</CardTitle>
            <CardDescription>{group.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {group.fields.map(({ key, render }) => {
              const row = rows[key];
              return row ? <div key={key}>{render({ row, onEdit: edit, onBlur: blur })}</div> : null;
            })}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
