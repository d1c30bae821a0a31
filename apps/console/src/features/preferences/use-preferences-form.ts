/**
 * The Configurações form as a hook, saving as Integrações does (useRowAutoSave): each row saves
 * INTEGRATION_AUTOSAVE_DELAY_MS after its own last edit (or at once when its field loses focus), saves
 * of one row are chained so they reach the server in order, an edit still waiting is saved when the
 * screen is left, and closing the tab with one pending asks the browser to confirm. A value the
 * contract's schema refuses is shown under its field and not sent.
 */
import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import { preferenceValueSchemas, type Preference, type PreferenceKey } from '@vitrine/contracts';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { useRowAutoSave } from '@/lib/use-row-auto-save';

export type RowStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface PreferenceRow {
  id: number;
  key: PreferenceKey;
  label: string;
  description: string;
  /** What the field holds (the screen's own shape: e-mails as text, minutes as text). */
  draft: unknown;
  /** The last value the server confirmed. */
  saved: unknown;
  status: RowStatus;
  error: string | null;
  revision: number;
}

export type SavePreference = (id: number, value: unknown) => Promise<Preference>;

/** The field's shape of a stored value. */
export function toDraft(key: PreferenceKey, value: unknown): unknown {
  if (key === 'lead_alert_emails') return (value as string[]).join('\n');
  if (key === 'response_sla_minutes') return String(value);
  return value;
}

/** The value to send for a field's content (before the contract's schema checks it). */
export function fromDraft(key: PreferenceKey, draft: unknown): unknown {
  if (key === 'lead_alert_emails')
    return String(draft)
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
  if (key === 'response_sla_minutes') {
    const text = String(draft).trim();
    return text === '' || !/^-?\d+$/.test(text) ? text : Number(text);
  }
  return draft;
}

type Rows = Record<string, PreferenceRow>;

const rowsOf = (prefs: Preference[]): Rows =>
  Object.fromEntries(
    prefs.map((p) => [
      p.key,
      {
        id: p.id,
        key: p.key,
        label: p.label,
        description: p.description,
        draft: toDraft(p.key, p.value),
        saved: p.value,
        status: 'idle' as RowStatus,
        error: null,
        revision: 0,
      },
    ]),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function usePreferencesForm(initial: Preference[], save: SavePreference) {
  const [rows, setRows] = useState<Rows>(() => rowsOf(initial));
  // Saves read the latest rows and save call, not the ones of their render.
  const rowsRef = useRef(rows);
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    rowsRef.current = rows;
    saveRef.current = save;
  });

  const patch = (key: string, change: Partial<PreferenceRow>) =>
    setRows((current) => ({ ...current, [key]: { ...current[key]!, ...change } }));

  /** Saves one row from the latest rows. True when saved or nothing to save. */
  const saveRow = useCallback(async (key: PreferenceKey): Promise<boolean> => {
    const row = rowsRef.current[key];
    if (!row) return true;
    const parsed = preferenceValueSchemas[key].safeParse(fromDraft(key, row.draft));
    if (!parsed.success) {
      patch(key, { status: 'error', error: parsed.error.issues[0]?.message ?? 'Valor inválido.' });
      return false;
    }
    if (same(parsed.data, row.saved)) {
      patch(key, { status: row.status === 'pending' ? 'idle' : row.status, error: null });
      return true;
    }
    const revision = row.revision;
    patch(key, { status: 'saving', error: null });
    try {
      const saved = await saveRef.current(row.id, parsed.data);
      setRows((current) => {
        const now = current[key]!;
        // Edited again while saving: keep the newer draft (its own timer saves it).
        const edited = now.revision !== revision;
        return {
          ...current,
          [key]: {
            ...now,
            saved: saved.value,
            draft: edited ? now.draft : toDraft(key, saved.value),
            status: edited ? now.status : 'saved',
          },
        };
      });
      return true;
    } catch (error) {
      const fields = getValidationErrors(error);
      const message = fields ? Object.values(fields).flat()[0] : undefined;
      patch(key, { status: 'error', error: message ?? getApiErrorMessage(error) });
      return false;
    }
  }, []);
  const {
    schedule,
    blur,
    save: commit,
  } = useRowAutoSave(saveRow, { delayMs: INTEGRATION_AUTOSAVE_DELAY_MS });

  const edit = useCallback(
    (key: PreferenceKey, draft: unknown) => {
      setRows((current) => ({
        ...current,
        [key]: {
          ...current[key]!,
          draft,
          status: 'pending',
          error: null,
          revision: current[key]!.revision + 1,
        },
      }));
      schedule(key);
    },
    [schedule],
  );

  return { rows, edit, blur, commit };
}
