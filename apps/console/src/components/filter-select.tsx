/**
 * One filter of a list screen (Leads, Analytics): a labelled native select whose first option is
 * "all" (''), and which still shows a value from a shared link that is not among its options (a page
 * beyond the first 100, a source nobody sent this period) instead of silently showing "all".
 */
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

export interface FilterOption {
  value: string;
  label: string;
}

export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  unknownLabel = (v) => v,
  onChange,
}: {
  id: string;
  label: string;
  /** The first option, value '': "Todas as páginas". */
  allLabel: string;
  value: string;
  options: readonly FilterOption[];
  /** How a value outside `options` is named ("Página #12"); the value itself unless told. */
  unknownLabel?: (value: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {value && !options.some((o) => o.value === value) && (
          <option value={value}>{unknownLabel(value)}</option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
