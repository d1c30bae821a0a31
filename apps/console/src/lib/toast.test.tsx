import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD,
} from '@vitrine/contracts/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { sanitizeHtml } from './sanitize-html';
import {
  reducer,
  resetToastsForTests,
  staticHtml,
  toast,
  TOAST_VARIANTS,
  useToast,
  type ToasterToast,
} from './toast';

const t = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({
  id,
  title: `T${id}`,
  open: true,
  ...extra,
});

describe('toast constants', () => {
  it('match the documented constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_VARIANTS).toEqual([
      'default',
      'success',
      'warning',
      'info',
      'danger',
      'outline',
      'destructive',
    ]);
  });
});

describe('toast reducer', () => {
  it('keeps one toast at a time, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: t('1') });
    state = reducer(state, { type: 'ADD_TOAST', toast: t('2') });
    expect(state.toasts.map((x) => x.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const state = reducer({ toasts: [t('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Novo' } });
    expect(state.toasts[0]?.title).toBe('Novo');
  });

  it('dismiss closes without removing; remove takes it out', () => {
    let state = reducer({ toasts: [t('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('dismiss and remove without an id apply to all', () => {
    const state = { toasts: [t('1'), t('2')] };
    expect(reducer(state, { type: 'DISMISS_TOAST' }).toasts.every((x) => x.open === false)).toBe(true);
    expect(reducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('leaves other toasts alone', () => {
    const state = reducer({ toasts: [t('1'), t('2')] }, { type: 'DISMISS_TOAST', toastId: '2' });
    expect(state.toasts.map((x) => x.open)).toEqual([true, false]);
  });
});

describe('toast store lifecycle: open → dismissed → removed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToastsForTests();
  });
  afterEach(() => {
    resetToastsForTests();
    vi.useRealTimers();
  });

  function Probe() {
    const { toasts } = useToast();
    return <output data-testid="probe">{JSON.stringify(toasts.map((x) => [x.id, x.open]))}</output>;
  }

  it('removes a dismissed toast only after the removal delay', () => {
    render(<Probe />);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Olá' });
    });
    expect(screen.getByTestId('probe').textContent).toBe(JSON.stringify([[handle.id, true]]));
    act(() => handle.dismiss());
    expect(screen.getByTestId('probe').textContent).toBe(JSON.stringify([[handle.id, false]]));
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(screen.getByTestId('probe').textContent).toBe(JSON.stringify([[handle.id, false]]));
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('probe').textContent).toBe('[]');
  });

  it('a second toast replaces the first', () => {
    render(<Probe />);
    let second!: ReturnType<typeof toast>;
    act(() => {
      toast({ title: 'Um' });
      second = toast({ title: 'Dois' });
    });
    expect(screen.getByTestId('probe').textContent).toBe(JSON.stringify([[second.id, true]]));
  });
});

describe('sanitized HTML descriptions', () => {
  it('keeps bold, italics and line breaks; strips every other tag and every attribute', () => {
    const clean = sanitizeHtml(
      '<b>Salvo</b> <strong>já</strong> <i>agora</i><em>!</em><br><script>alert(1)</script><img src=x onerror="alert(2)"><a href="/x" onclick="evil()">link</a><u>sub</u><b class="x" onmouseover="evil()">b</b>',
    );
    expect(clean).toBe('<b>Salvo</b> <strong>já</strong> <i>agora</i><em>!</em><br>linksub<b>b</b>');
  });

  it('drops javascript: URLs with their links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('x');
  });

  describe('in the Toaster', () => {
    beforeEach(() => resetToastsForTests());
    afterEach(() => resetToastsForTests());

    it('renders our own static HTML description (staticHtml) sanitized, with its variant', () => {
      const onerror = vi.fn();
      (window as unknown as { pwned: () => void }).pwned = onerror;
      render(<Toaster />);
      act(() => {
        toast({
          variant: 'danger',
          title: 'Erro ao salvar integração',
          description: staticHtml(
            'Falhou: <strong>timeout</strong><img src="x" onerror="window.pwned()"><script>window.pwned()</script>',
          ),
        });
      });
      const title = screen.getByText('Erro ao salvar integração');
      const root = title.closest('[data-variant]');
      expect(root).toHaveAttribute('data-variant', 'danger');
      const strong = screen.getByText('timeout');
      expect(strong.tagName).toBe('STRONG');
      const description = strong.parentElement!;
      expect(description.innerHTML).not.toMatch(/<script|onerror|<img/i);
      expect(onerror).not.toHaveBeenCalled();
    });

    it('shows one toast at a time', () => {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Primeiro' });
        toast({ title: 'Segundo', variant: 'success' });
      });
      expect(screen.queryByText('Primeiro')).not.toBeInTheDocument();
      expect(screen.getByText('Segundo')).toBeInTheDocument();
    });

    it('a string description is sanitized HTML too: the safe subset shows, a script or an onerror never runs', async () => {
      const ran = vi.fn();
      (window as unknown as { pwned: () => void }).pwned = ran;
      render(<Toaster />);
      const fromServer =
        'Falhou em <b>Casa & Cia</b>:<br><i>tente</i> <a href="https://evil.example" target="_blank">clique aqui</a><script>window.pwned()</script><img src="x" onerror="window.pwned()">';
      act(() => {
        toast({ variant: 'danger', title: '<b>Título</b>', description: fromServer });
      });
      const bold = screen.getByText('Casa & Cia');
      expect(bold.tagName).toBe('B');
      const description = bold.parentElement!;
      expect(description.innerHTML).toBe('Falhou em <b>Casa &amp; Cia</b>:<br><i>tente</i> clique aqui');
      expect(
        document.querySelector('[data-variant] a, [data-variant] img, [data-variant] script'),
      ).toBeNull();
      // the title stays text
      expect(screen.getByText('<b>Título</b>')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ran).not.toHaveBeenCalled();
    });

    it('the same message again refreshes the open toast instead of announcing a new one', () => {
      render(<Toaster />);
      let first!: ReturnType<typeof toast>;
      let second!: ReturnType<typeof toast>;
      act(() => {
        first = toast({
          variant: 'success',
          title: 'Integração atualizada!',
          description: 'Configuração salva com sucesso.',
        });
      });
      const node = screen.getByText('Integração atualizada!');
      act(() => {
        second = toast({
          variant: 'success',
          title: 'Integração atualizada!',
          description: 'Configuração salva com sucesso.',
        });
      });
      expect(second.id).toBe(first.id);
      // the very same element: not unmounted and mounted again (which re-announces it)
      expect(screen.getByText('Integração atualizada!')).toBe(node);
      expect(screen.getAllByText('Integração atualizada!')).toHaveLength(1);
      act(() => {
        toast({ variant: 'danger', title: 'Erro ao salvar integração' });
      });
      expect(screen.queryByText('Integração atualizada!')).toBeNull();
    });

    it('sit at the bottom, clear of the header and the phone menu button', () => {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Oi' });
      });
      const viewport = document.querySelector('ol') ?? document.querySelector('[tabindex="-1"]');
      expect(viewport?.className).toMatch(/\bbottom-0\b/);
      expect(viewport?.className).not.toMatch(/\btop-0\b/);
    });
  });
});
