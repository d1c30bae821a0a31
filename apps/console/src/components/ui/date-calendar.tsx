/**
 * The month grid of DateField's popover (react-day-picker, pt-BR labels, weeks from Sunday as on
 * Brazilian calendars). Loaded only when a calendar is opened, so the lists that hold date fields
 * do not carry it. Days travel as YYYY-MM-DD: a calendar day has no time zone.
 */
import type { CSSProperties } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale/pt-BR';
import 'react-day-picker/style.css';

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

// The console's tokens instead of the library's blue; days a little smaller than its 44 px so a
// month fits a 390 px phone with room to spare (still above the 24 px target size).
const style = {
  '--rdp-accent-color': 'var(--primary)',
  '--rdp-accent-background-color': 'var(--accent)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
  '--rdp-nav-height': '2.5rem',
  fontSize: '0.875rem',
} as CSSProperties;

// As Brazilians write them: "novembro de 2026" and "sáb" (date-fns gives "novembro 2026", "sab").
// The dates given here are local midnights of calendar days: no time zone to apply.
const caption = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });
const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short' });
const formatters = {
  formatCaption: (month: Date) => caption.format(month),
  formatWeekdayName: (day: Date) => weekday.format(day).replace('.', ''),
};

export interface DateCalendarProps {
  /** YYYY-MM-DD or ''. */
  value: string;
  /** The agency's today (YYYY-MM-DD), marked on the grid and shown first when there is no value. */
  today: string;
  min?: string;
  max?: string;
  onSelect: (iso: string) => void;
}

export default function DateCalendar({ value, today, min, max, onSelect }: DateCalendarProps) {
  const selected = value ? toDate(value) : undefined;
  const disabled: Matcher[] = [];
  if (min) disabled.push({ before: toDate(min) });
  if (max) disabled.push({ after: toDate(max) });
  return (
    <DayPicker
      mode="single"
      required
      autoFocus
      locale={ptBR}
      style={style}
      formatters={formatters}
      selected={selected}
      defaultMonth={selected ?? toDate(today)}
      today={toDate(today)}
      disabled={disabled}
      onSelect={(date) => onSelect(toIso(date))}
    />
  );
}
