/**
 * The analytics tracker in a real Chromium against the real server: a visitor arrives from an
 * Instagram campaign, scrolls, opens WhatsApp and sends the form; the agency's API then shows that
 * session — campaign, device, its timeline — and the lead and the session point at each other.
 * No cookie and nothing in the browser's storage.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, launchBrowser, PHONE, registerAgency } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = {
  name: 'Rastreio Teste',
  email: `rastreio.${STAMP}@teste.com.br`,
  password: 'senha-do-rastreio',
};
/** A phone's Chrome: the headless browser's own user agent says "HeadlessChrome", which is (rightly) a bot. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36';

let browser: Browser;
const api = apiClient(baseURL);
/** A 1×1 PNG: the server makes its WebP copies like any upload's. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the landing page tracker in Chromium', () => {
  it('records the visit and links the lead to it, with no cookie or storage', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Rastreio ${STAMP}`);
    const description = Array.from(
      { length: 30 },
      (_, i) => `Parágrafo ${i + 1}: sala ampla, cozinha reformada e varanda com vista.`,
    ).join('\n\n');
    const { data: page } = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
      page: {
        title: `Casa com quintal ${STAMP}`,
        status: 'published',
        whatsapp: '(11) 98888-7777',
        city: 'São Paulo',
        description,
      },
    });

    // Four photos: the cover (photo 1) and a gallery of three (photos 2–4) that scrolls sideways.
    const png = Buffer.from(PNG_1X1, 'base64');
    for (let i = 1; i <= 4; i++) {
      const form = new FormData();
      form.append('photo', new Blob([png], { type: 'image/png' }), `foto-${i}.png`);
      await api('POST', `/v1/pages/${page.id}/photos`, form);
    }

    const context = await browser.newContext({
      viewport: PHONE,
      userAgent: PHONE_UA,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    // Playwright's Chromium reports navigator.webdriver; the tracker (rightly) ignores such browsers.
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    // WhatsApp opens in a new tab: answered here, the test has no internet.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const beacons: string[] = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/v1/public/events')) beacons.push(r.postData() ?? '');
    });
    const tab = await context.newPage();
    try {
      await tab.goto(
        `${landingURL}/imoveis/${page.slug}?utm_source=instagram&utm_medium=social&utm_campaign=inverno-${STAMP}`,
      );
      // The tracker's first answer fills the form's session id.
      const sessionField = tab.locator('#lead input[name="session_id"]');
      await expect.poll(() => sessionField.inputValue(), { timeout: 10_000 }).toMatch(/^[0-9a-f-]{36}$/);
      const sessionId = await sessionField.inputValue();

      // The gallery's last photo is off screen at arrival (to the right); the visitor swipes to it. The
      // tracker numbers it as the page does: photo 4, the alt text's "foto 4".
      const last = tab.locator('.gal img').last();
      expect(await last.getAttribute('alt')).toBe(`${page.title} - foto 4`);
      expect(await last.getAttribute('data-n')).toBe('4');
      await last.scrollIntoViewIfNeeded();
      await expect
        .poll(() => beacons.some((b) => b.includes('"photo_view"')), { timeout: 10_000 })
        .toBe(true);

      // To the bottom; scroll events are dispatched before the next frames render.
      await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const popup = context.waitForEvent('page');
      await tab.locator('.bar a[href^="https://wa.me/"]').click();
      await (await popup).close();
      await tab.locator('#f-name').fill('Visitante do Teste');
      await tab.locator('#f-phone').fill('(11) 97654-3210');
      await tab.locator('#f-consent').check();
      await tab.locator('#lead button[type="submit"]').click();
      await tab.locator('#ok').waitFor({ state: 'visible' });

      // Nothing kept in the browser.
      expect(await context.cookies()).toEqual([]);
      expect(await tab.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
      expect(beacons.length).toBeGreaterThanOrEqual(2);
      expect(beacons.every((b) => JSON.parse(b).page_id === page.id)).toBe(true);

      // The agency's view of that visit.
      const names = async () => {
        const t = await api('GET', `/v1/real-estates/${agencyId}/analytics/events?session_id=${sessionId}`);
        return [...new Set((t.data as { name: string }[]).map((e) => e.name))].sort();
      };
      await expect
        .poll(names, { timeout: 10_000 })
        .toEqual(['form_start', 'lead_submitted', 'pageview', 'photo_view', 'scroll', 'whatsapp_click']);
      const t = await api('GET', `/v1/real-estates/${agencyId}/analytics/events?session_id=${sessionId}`);
      // Only the photo the visitor brought into view (2 and 3 were on screen at arrival), by its number.
      const photos = (t.data as { name: string; props: { index?: number } | null }[])
        .filter((e) => e.name === 'photo_view')
        .map((e) => e.props?.index);
      expect(photos).toEqual([4]);
      expect(t.session).toMatchObject({
        id: sessionId,
        source: 'instagram',
        utm_medium: 'social',
        utm_campaign: `inverno-${STAMP}`,
        device: 'mobile',
        page: { id: page.id },
      });
      expect(t.session.lead_id).toMatch(/^[0-9a-f-]{36}$/);
      const lead = await api('GET', `/v1/leads/${t.session.lead_id}`);
      expect(lead.data.session_id).toBe(sessionId);
      const overview = await api('GET', `/v1/real-estates/${agencyId}/analytics`);
      expect(overview.data.map((s: { id: string }) => s.id)).toContain(sessionId);
      expect(overview.summary.sessions).toBeGreaterThanOrEqual(1);
      expect(overview.funnel.pages[0]).toMatchObject({
        page: { id: page.id },
        views: 1,
        engaged: 1,
        contact: 1,
        leads: 1,
      });
    } finally {
      await context.close();
    }
  });
});
