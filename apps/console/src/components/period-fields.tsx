/**
 * The "De" and "Até" date fields of a period (Leads' filters, Analytics' custom period): dd/mm/aaaa
 * whatever the browser's language, each bounded by the other, and "Até" before "De" said under "Até".
 */
import { DateField } from '@/components/ui/date-field';
import { formatIsoDay } from '@/lib/datetime';

interface PeriodFieldsProps {
  /** The prefix of the fields' ids (`${id}-from`, `${id}-to`), from the form's useId(). */
  id: string;
  /** YYYY-MM-DD, or '' for none. */
  from: string;
  to: string;
  onChange: (patch: { from: string } | { to: string }) => void;
  /** The period always has both days: an emptied field keeps its day instead of clearing it. */
  required?: boolean;
}

export function PeriodFields({ id, from, to, onChange, required = false }: PeriodFieldsProps) {
  return (
    <div className="grid w-full grid-cols-2 items-start gap-3 sm:w-auto">
      <DateField
        id={`${id}-from`}
        label="De"
        value={from}
        max={to || undefined}
        onChange={(value) => (value || !required) && onChange({ from: value })}
        className="sm:w-40"
      />
      <DateField
        id={`${id}-to`}
        label="Até"
        value={to}
        min={from || undefined}
        onChange={(value) => (value || !required) && onChange({ to: value })}
        error={
          from && to && to < from
            ? `Até: a data final é anterior à inicial (${formatIsoDay(from)}).`
            : undefined
        }
        className="sm:w-40"
      />
    </div>
  );
}
