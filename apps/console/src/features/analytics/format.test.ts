import { describe, expect, it } from 'vitest';
import { describeEvent } from './event-description';
import { changeBetween, deviceLabel, formatDuration, formatRate, referrerLabel, sourceLabel } from './format';

describe('analytics figures in pt-BR', () => {
  it('formats durations and rates', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatRate(0.125)).toBe('12,5%');
  });

  it('compares counts relatively and rates in percentage points', () => {
    expect(changeBetween(120, 100, 'count')).toMatchObject({ text: '+20%', direction: 'up' });
    expect(changeBetween(80, 100, 'count')).toMatchObject({
      text: '−20%',
      direction: 'down',
      spoken: '20% a menos que no período anterior',
    });
    expect(changeBetween(5, 0, 'count')).toMatchObject({ text: 'novo', direction: 'up' });
    expect(changeBetween(0, 0, 'count')).toMatchObject({ direction: 'flat' });
    expect(changeBetween(0.03, 0.02, 'rate')).toMatchObject({ text: '+1,0 p.p.', direction: 'up' });
    expect(changeBetween(0.3, 0.35, 'rate')).toMatchObject({ text: '−5,0 p.p.', direction: 'down' });
    expect(changeBetween(10, null, 'count')).toBeNull();
  });

  it('names devices, sources and referrers', () => {
    expect(deviceLabel('mobile')).toBe('Celular');
    expect(deviceLabel('desktop')).toBe('Computador');
    expect(sourceLabel('direct')).toBe('Direto');
    expect(sourceLabel('instagram')).toBe('Instagram');
    expect(sourceLabel('newsletter-abril')).toBe('newsletter-abril');
    expect(referrerLabel('www.google.com')).toBe('google.com');
    expect(referrerLabel(null)).toBe('Direto');
  });
});

describe('a sentence per event', () => {
  it('says what the visitor did', () => {
    expect(describeEvent('pageview', {}, 'Casa no Butantã').text).toBe('Abriu a página “Casa no Butantã”');
    expect(describeEvent('scroll', { depth: 75 }).text).toBe('Rolou 75% da página');
    expect(describeEvent('engaged', { seconds: 42 }).text).toBe('Ficou 42 s com a página em primeiro plano');
    expect(describeEvent('photo_view', { index: 3 }).text).toBe('Viu a foto 3');
    expect(describeEvent('video_play', {}).text).toBe('Deu play no vídeo');
    expect(describeEvent('video_progress', { percent: 50 }).text).toBe('Assistiu 50% do vídeo');
    expect(describeEvent('whatsapp_click', {}).text).toBe('Clicou no WhatsApp');
    expect(describeEvent('phone_click', {}).text).toBe('Clicou no telefone');
    expect(describeEvent('form_start', {}).text).toBe('Começou a preencher o formulário');
    expect(describeEvent('lead_submitted', { lead_id: 'x' })).toMatchObject({
      text: 'Enviou o formulário e virou lead',
      tone: 'lead',
    });
  });

  it('copes with missing or odd props', () => {
    expect(describeEvent('scroll', { depth: 'muito' }).text).toBe('Rolou a página');
    expect(describeEvent('scroll', { depth: 250 }).text).toBe('Rolou 100% da página');
    expect(describeEvent('photo_view', null).text).toBe('Viu uma foto');
    expect(describeEvent('engaged', undefined).text).toBe('Interagiu com a página');
    expect(describeEvent('pageview', {}).text).toBe('Abriu a página');
    expect(describeEvent('novo_evento', {}).text).toBe('Evento “novo_evento”');
  });
});
