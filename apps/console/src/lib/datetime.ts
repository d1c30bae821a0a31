/**
 * The one place the console turns instants into dates and times (docs/decisions/009-console-brazil.md):
 * pt-BR, always in the agency's time zone whatever the browser's — the same moment reads the same on Leads,
 * Integrações, the delivery ledger and the page editor. The server filters days in the same zone (-03:00).
 */
import { AGENCY_TIME_ZONE } from '@vitrine/contracts/constants';

export { AGENCY_TIME_ZONE };

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: AGENCY_TIME_ZONE,
});
const timeOnly = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});
const timeSeconds = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});
/** en-CA formats as YYYY-MM-DD. */
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});

function valid(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/mm/aaaa hh:mm; '' for a missing or broken value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = valid(value);
  return d ? dateTime.format(d).replace(',', '') : '';
}

/** dd/mm/aaaa */
export function formatDay(value: string | Date | null | undefined): string {
  const d = valid(value);
  return d ? dateOnly.format(d) : '';
}

/** hh:mm */
export function formatTime(value: string | Date | null | undefined): string {
  const d = valid(value);
  return d ? timeOnly.format(d) : '';
}

/** hh:mm:ss (a visitor's timeline, where seconds tell the story). */
export function formatTimeWithSeconds(value: string | Date | null | undefined): string {
  const d = valid(value);
  return d ? timeSeconds.format(d) : '';
}

const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' });

/** "agora", "há 5 minutos", "há 3 horas", "há 2 dias" (how long a lead has waited). */
export function formatAge(value: string | Date | null | undefined, now: Date = new Date()): string {
  const d = valid(value);
  if (!d) return '';
  const minutes = (now.getTime() - d.getTime()) / 60_000;
  if (minutes < 1) return 'agora';
  if (minutes < 60) return relative.format(-Math.floor(minutes), 'minute');
  const hours = minutes / 60;
  if (hours < 24) return relative.format(-Math.floor(hours), 'hour');
  const days = hours / 24;
  if (days < 30) return relative.format(-Math.floor(days), 'day');
  if (days < 365) return relative.format(-Math.floor(days / 30), 'month');
  return relative.format(-Math.floor(days / 365), 'year');
}

/** The agency's calendar day of an instant, as YYYY-MM-DD. */
export function dayKey(value: string | Date): string {
  const d = valid(value);
  return d ? isoDay.format(d) : '';
}

/** Today, the agency's calendar day (not the browser's), as YYYY-MM-DD. */
export function todayKey(now: Date = new Date()): string {
  return dayKey(now);
}

/*
 * Calendar days typed by a person (date filters): shown and typed as dd/mm/aaaa, kept as
 * YYYY-MM-DD for the URL and the API. A calendar day has no time zone; only "today" has one.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** The years a date field accepts: a typo such as 0225 or 20255 is not a day anyone means. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

function realDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** dd/mm/aaaa as it is typed: digits only, the slashes put back, never a trailing one. */
export function maskDay(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}

/** dd/mm/aaaa → YYYY-MM-DD; null unless it is a complete, real day (not 31/02, not 00/01). */
export function parseDay(text: string): string | null {
  const m = BR_DAY.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  return realDay(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : null;
}

/** YYYY-MM-DD → dd/mm/aaaa; '' for anything else. */
export function formatIsoDay(iso: string): string {
  const m = ISO_DAY.exec(iso);
  if (!m) return '';
  const [, yyyy, mm, dd] = m;
  return realDay(Number(yyyy), Number(mm), Number(dd)) ? `${dd}/${mm}/${yyyy}` : '';
}
