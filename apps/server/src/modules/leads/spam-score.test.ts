import { describe, expect, it } from 'vitest';
import {
  countLinks,
  isSuspiciousPhone,
  scoreLead,
  scoreLeadContent,
  SPAM_THRESHOLD,
  SPAM_WEIGHTS,
  type LeadSpamFacts,
} from './spam-score.ts';

const limits = { minFillMs: 2_500, ipSoftLimit: 5, pageLimitPerMinute: 600 };
/** A person on the landing page: stamp signed 20 s ago, JavaScript on, first lead. */
const person: LeadSpamFacts = {
  honeypot: null,
  fillMs: 20_000,
  javascript: true,
  ipHits: 1,
  pageHits: 1,
  name: 'Maria Souza',
  message: 'Quero visitar no sábado.',
  phone: '11988887777',
};
const score = (over: Partial<LeadSpamFacts>) => scoreLead({ ...person, ...over }, limits);

describe('scoreLead', () => {
  it('a person is clean: score 0, no reason', () => {
    expect(score({})).toEqual({ score: 0, quarantined: false, signals: [], reason: null });
  });

  it('timing alone never quarantines, even instant, even without JavaScript (autofill)', () => {
    for (const fillMs of [0, 1, 300, 1_000, 2_499]) {
      const v = score({ fillMs });
      expect(v.quarantined).toBe(false);
      expect(v.signals.map((s) => s.signal)).toEqual(['too_fast']);
      expect(score({ fillMs, javascript: false }).quarantined).toBe(false);
    }
    expect(SPAM_WEIGHTS.too_fast + SPAM_WEIGHTS.no_javascript).toBeLessThan(SPAM_THRESHOLD);
  });

  it('the configured minimum fill time decides what is "fast"', () => {
    expect(scoreLead({ ...person, fillMs: 400 }, { ...limits, minFillMs: 300 }).signals).toEqual([]);
    expect(scoreLead({ ...person, fillMs: 400 }, { ...limits, minFillMs: 500 }).signals[0]!.signal).toBe(
      'too_fast',
    );
  });

  it('certain signals quarantine alone, with their reason', () => {
    expect(score({ honeypot: 'http://spam.example' })).toMatchObject({
      quarantined: true,
      reason: 'campo oculto preenchido (robô)',
    });
    expect(score({ fillMs: null })).toMatchObject({
      quarantined: true,
      reason: 'formulário com carimbo inválido',
    });
    expect(score({ ipHits: 6 })).toMatchObject({
      quarantined: true,
      reason: 'muitos envios do mesmo IP (6 em 10 min)',
    });
    expect(score({ ipHits: 5 }).quarantined).toBe(false);
    expect(score({ pageHits: 601 })).toMatchObject({
      quarantined: true,
      reason: 'muitos envios para esta página (601 em 1 min)',
    });
    expect(score({ message: 'http://a.example http://b.example www.c.example' })).toMatchObject({
      quarantined: true,
      reason: 'mensagem com muitos links',
    });
  });

  it('weak signals only count together', () => {
    expect(score({ message: 'veja https://exemplo.com' }).quarantined).toBe(false);
    expect(score({ phone: '11999999999' }).quarantined).toBe(false);
    expect(score({ fillMs: undefined, javascript: false }).quarantined).toBe(false); // an API client
    expect(score({ name: 'www.promo.example' }).quarantined).toBe(false);

    const combined = score({ fillMs: 800, phone: '11999999999', javascript: false });
    expect(combined.score).toBe(
      SPAM_WEIGHTS.too_fast + SPAM_WEIGHTS.suspicious_phone + SPAM_WEIGHTS.no_javascript,
    );
    expect(combined.quarantined).toBe(true);
    expect(combined.reason).toBe(
      'telefone suspeito (dígitos repetidos ou em sequência); formulário enviado rápido demais (0,8 s); sem JavaScript no navegador',
    );

    const links = score({ fillMs: 900, message: 'https://a.example https://b.example' });
    expect(links).toMatchObject({ score: 90, quarantined: false });
    expect(
      score({ fillMs: 900, message: 'https://a.example https://b.example', javascript: false }).quarantined,
    ).toBe(true);
  });

  it('counts links and recognises fake-looking phones', () => {
    expect(countLinks('https://www.exemplo.com e www.outro.com, http://x.y')).toBe(3);
    expect(countLinks('sem links, só e-mail@exemplo.com')).toBe(0);
    expect(countLinks(null)).toBe(0);
    expect(isSuspiciousPhone('11999999999')).toBe(true);
    expect(isSuspiciousPhone('2133333333')).toBe(true);
    expect(isSuspiciousPhone('11912345678')).toBe(true);
    expect(isSuspiciousPhone('11988887777')).toBe(false);
    expect(isSuspiciousPhone('2133334444')).toBe(false);
    expect(isSuspiciousPhone(null)).toBe(false);
  });
});

describe('scoreLeadContent (the lead API: docs/spam-rules.md#the-lead-api)', () => {
  const content = (over: Partial<LeadSpamFacts> = {}) =>
    scoreLeadContent({ name: 'Maria Souza', message: 'Quero visitar.', phone: '11988887777', ...over });

  it('has no form stamp, browser or visitor address to judge: a plain lead scores 0', () => {
    expect(content()).toEqual({ score: 0, quarantined: false, signals: [], reason: null });
  });

  it('weighs what the lead says as the form does: links, a link in the name, a fake-looking phone', () => {
    expect(content({ message: 'http://a.x http://b.x www.c.x' })).toMatchObject({
      score: SPAM_WEIGHTS.many_links,
      quarantined: true,
      reason: 'mensagem com muitos links',
    });
    expect(content({ message: 'veja http://a.x' }).quarantined).toBe(false);
    expect(content({ phone: '11999999999' })).toMatchObject({ score: 50, quarantined: false });
    const both = content({ name: 'www.promo.x', phone: '11999999999' });
    expect(both.score).toBe(SPAM_WEIGHTS.link_in_name + SPAM_WEIGHTS.suspicious_phone);
    expect(both.quarantined).toBe(true);
    expect(both.reason).toBe('nome com link; telefone suspeito (dígitos repetidos ou em sequência)');
  });
});
