import {
  DEFAULT_BRAND_COLOR,
  LEAD_ALERT_EMAILS_MAX,
  fillTemplate,
  maskPhone,
  type LeadAutoReply,
  type PreferenceKey,
} from '@vitrine/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { domainsQueryOptions } from '../api/get-domains';
import type { PreferenceRow } from '../use-preferences-form';

export interface FieldProps {
  row: PreferenceRow;
  onEdit: (key: PreferenceKey, draft: unknown) => void;
  onBlur: (key: PreferenceKey) => void;
}

const STATUS_TEXT: Record<PreferenceRow['status'], string> = {
  idle: '',
  pending: 'Alteração pendente',
  saving: 'Salvando...',
  saved: 'Salvo',
  error: 'Não salvo',
};

/** The row's save state, announced politely to screen readers. */
function RowStatus({ row }: { row: PreferenceRow }) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid={`status-${row.key}`}
      data-status={row.status}
      className={cn(
        'inline-flex min-h-5 items-center gap-1 text-xs font-medium',
        row.status === 'error' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      {row.status === 'saving' && <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />}
      {row.status === 'saved' && <Check className="size-3.5 text-green-600" aria-hidden="true" />}
      {row.status === 'error' && <TriangleAlert className="size-3.5" aria-hidden="true" />}
      {STATUS_TEXT[row.status]}
      {/* Said with it, not only shown under the field: the focus is still in the field. */}
      {row.status === 'error' && row.error && <span className="sr-only">: {row.error}</span>}
    </span>
  );
}

/**
 * What a row's text control takes: its id (the label's target), its hint and error, and the draft
 * wired to onEdit and onBlur. A field spreads it on its Input or Textarea and overrides what differs
 * (a masked value, an object draft).
 */
export interface ControlProps {
  id: string;
  'aria-describedby': string;
  'aria-invalid': true | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

/** Label, description, the control, the error and the save state of one preference row. */
function Row({
  row,
  onEdit,
  onBlur,
  children,
  extra,
}: FieldProps & {
  children: (control: ControlProps) => ReactNode;
  extra?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = row.status === 'error' && !!row.error;
  return (
    <div className="grid min-w-0 gap-2" data-testid={`row-${row.key}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Label htmlFor={id}>{row.label}</Label>
        <RowStatus row={row} />
      </div>
      {children({
        id,
        'aria-describedby': invalid ? `${hintId} ${errorId}` : hintId,
        'aria-invalid': invalid || undefined,
        value: String(row.draft),
        onChange: (e) => onEdit(row.key, e.target.value),
        onBlur: () => onBlur(row.key),
      })}
      <p id={hintId} className="text-xs text-muted-foreground">
        {row.description}
      </p>
      {invalid && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {row.error}
        </p>
      )}
      {extra}
    </div>
  );
}

export function AlertEmailsField({ row, onEdit, onBlur }: FieldProps) {
  return (
    <Row row={row} onEdit={onEdit} onBlur={onBlur}>
      {(control) => (
        <Textarea
          {...control}
          className="min-h-20"
          placeholder={`Um e-mail por linha, até ${LEAD_ALERT_EMAILS_MAX}`}
          spellCheck={false}
          autoCapitalize="none"
        />
      )}
    </Row>
  );
}

export function MinutesField({ row, onEdit, onBlur }: FieldProps) {
  return (
    <Row row={row} onEdit={onEdit} onBlur={onBlur}>
      {(control) => <Input {...control} className="max-w-40" inputMode="numeric" />}
    </Row>
  );
}

export function AutoReplyField({ row, onEdit, onBlur }: FieldProps) {
  const value = row.draft as LeadAutoReply;
  const switchId = useId();
  return (
    <Row
      row={row}
      onEdit={onEdit}
      onBlur={onBlur}
      extra={
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={value.enabled}
            onCheckedChange={(enabled) => onEdit(row.key, { ...value, enabled })}
          />
          <Label htmlFor={switchId} className="font-normal">
            {value.enabled ? 'Resposta automática ligada' : 'Resposta automática desligada'}
          </Label>
        </div>
      }
    >
      {(control) => (
        <Textarea
          {...control}
          value={value.message}
          onChange={(e) => onEdit(row.key, { ...value, message: e.target.value })}
        />
      )}
    </Row>
  );
}

export function WhatsappNumberField({ row, onEdit, onBlur }: FieldProps) {
  return (
    <Row row={row} onEdit={onEdit} onBlur={onBlur}>
      {(control) => (
        <Input
          {...control}
          className="max-w-60"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(11) 98888-7777"
          value={maskPhone(String(row.draft))}
        />
      )}
    </Row>
  );
}

export function WhatsappMessageField({ row, onEdit, onBlur }: FieldProps) {
  // The pages' own origin (LANDING_URL, or the agency's verified domain), never the console's.
  const { selectedRealEstate } = useAuth();
  const domains = useQuery({
    ...domainsQueryOptions(selectedRealEstate?.id ?? 0),
    enabled: !!selectedRealEstate,
  });
  const pagesUrl = domains.data?.meta.pages_url ?? window.location.origin;
  const example = fillTemplate(String(row.draft), {
    titulo: 'Apartamento com 3 quartos em Pinheiros',
    link: `${pagesUrl}/imoveis/apartamento-3-quartos-pinheiros`,
  });
  return (
    <Row
      row={row}
      onEdit={onEdit}
      onBlur={onBlur}
      extra={
        <div className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-950">
          <p className="mb-1 text-xs font-medium text-green-800">Como o visitante vai ver:</p>
          <p className="[overflow-wrap:anywhere]" data-testid="whatsapp-preview">
            {example}
          </p>
        </div>
      }
    >
      {(control) => <Textarea {...control} className="min-h-20" />}
    </Row>
  );
}

export function ColorField({ row, onEdit, onBlur }: FieldProps) {
  const value = String(row.draft);
  const swatch = /^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_BRAND_COLOR;
  return (
    <Row
      row={row}
      onEdit={onEdit}
      onBlur={onBlur}
      extra={
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="inline-flex min-h-9 items-center rounded-md px-4 py-1.5 text-sm font-semibold text-white"
            style={{ background: swatch }}
            data-testid="brand-preview"
          >
            Quero mais informações
          </span>
          <span className="text-xs text-muted-foreground">Prévia do botão das páginas</span>
        </div>
      }
    >
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${row.label}: seletor de cor`}
            className="h-9 w-12 cursor-pointer rounded-md border border-input bg-background p-1"
            value={swatch}
            onChange={(e) => onEdit(row.key, e.target.value)}
            onBlur={() => onBlur(row.key)}
          />
          <Input
            {...control}
            className="max-w-32 font-mono"
            placeholder={DEFAULT_BRAND_COLOR}
            spellCheck={false}
          />
        </div>
      )}
    </Row>
  );
}

export function IdField({ row, onEdit, onBlur, placeholder }: FieldProps & { placeholder: string }) {
  return (
    <Row row={row} onEdit={onEdit} onBlur={onBlur}>
      {(control) => (
        <Input
          {...control}
          className="max-w-72 font-mono"
          placeholder={placeholder}
          spellCheck={false}
          autoCapitalize="characters"
        />
      )}
    </Row>
  );
}

/** An on/off preference: the switch is the control (saved after the pause, or when focus leaves it). */
export function ToggleField({ row, onEdit, onBlur, on, off }: FieldProps & { on: string; off: string }) {
  const checked = row.draft === true;
  return (
    <Row row={row} onEdit={onEdit} onBlur={onBlur}>
      {(control) => (
        <div className="flex items-center gap-3">
          <Switch
            id={control.id}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            checked={checked}
            onCheckedChange={(value) => onEdit(row.key, value)}
            onBlur={() => onBlur(row.key)}
          />
          <span className="text-sm" aria-hidden="true">
            {checked ? on : off}
          </span>
        </div>
      )}
    </Row>
  );
}
