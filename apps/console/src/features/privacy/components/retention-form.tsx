import { zodResolver } from '@hookform/resolvers/zod';
import { updateRetentionBody, type RetentionSettings, type UpdateRetentionBody } from '@vitrine/contracts';
import { Save, Timer } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { applyServerErrors, getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useRetention } from '../api/get-retention';
import { useUpdateRetention } from '../api/update-retention';

type Output = z.output<typeof updateRetentionBody>;

const months = (n: number) => `${n} ${n === 1 ? 'mês' : 'meses'}`;

/**
 * "Retenção de dados": how long raw analytics, the CRMs' answers and the bodies of the lead sources'
 * requests are kept (the hourly job applies it).
 */
export function RetentionCard({ realEstateId }: { realEstateId: number }) {
  const query = useRetention(realEstateId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-4" aria-hidden="true" /> Retenção de dados
        </CardTitle>
        <CardDescription>
          Por quanto tempo os dados brutos ficam guardados. Depois do prazo, uma rotina de hora em hora os
          apaga; os totais do Analytics e o registro das entregas continuam.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando os prazos..." />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <RetentionForm realEstateId={realEstateId} settings={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function RetentionForm({ realEstateId, settings }: { realEstateId: number; settings: RetentionSettings }) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateRetention(realEstateId);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    UpdateRetentionBody,
    unknown,
    Output
  >({
    resolver: zodResolver(updateRetentionBody),
    defaultValues: {
      analytics_months: settings.analytics_months,
      delivery_bodies_months: settings.delivery_bodies_months,
      inbound_bodies_months: settings.inbound_bodies_months,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({
        analytics_months: saved.analytics_months,
        delivery_bodies_months: saved.delivery_bodies_months,
        inbound_bodies_months: saved.inbound_bodies_months,
      });
      toast({
        variant: 'success',
        title: 'Prazos salvos',
        description: 'A próxima rotina já usa os novos prazos.',
      });
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, [
          'analytics_months',
          'delivery_bodies_months',
          'inbound_bodies_months',
        ] as const),
      );
    }
  });
  const { defaults, limits } = settings;
  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
      {formError && <Alert variant="danger">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Eventos e visitas do Analytics (meses)"
          error={formState.errors.analytics_months?.message}
          hint={`Padrão: ${months(defaults.analytics_months)}, o máximo. De ${limits.analytics_months.min} a ${limits.analytics_months.max}.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={limits.analytics_months.min}
            max={limits.analytics_months.max}
            {...register('analytics_months', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label="Respostas dos CRMs nas entregas (meses)"
          error={formState.errors.delivery_bodies_months?.message}
          hint={`Padrão: ${months(defaults.delivery_bodies_months)}. De ${limits.delivery_bodies_months.min} a ${limits.delivery_bodies_months.max}.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={limits.delivery_bodies_months.min}
            max={limits.delivery_bodies_months.max}
            {...register('delivery_bodies_months', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label="Corpos das requisições das origens de leads (meses)"
          error={formState.errors.inbound_bodies_months?.message}
          hint={`O que portais, Meta e API enviaram. Padrão: ${months(defaults.inbound_bodies_months)}. De ${limits.inbound_bodies_months.min} a ${limits.inbound_bodies_months.max}.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={limits.inbound_bodies_months.min}
            max={limits.inbound_bodies_months.max}
            {...register('inbound_bodies_months', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          {settings.updated_at
            ? `Alterado em ${formatDateTime(settings.updated_at)}.`
            : 'Usando os prazos padrão.'}
        </p>
        <Button type="submit" disabled={formState.isSubmitting}>
          <Save aria-hidden="true" />
          {formState.isSubmitting ? 'Salvando...' : 'Salvar prazos'}
        </Button>
      </div>
    </form>
  );
}
