/**
 * /conversoes in the browser against the real server (docs/product.md#ad-conversions): an owner finds
 * the screen empty, is refused an invalid stage event with the field named, turns Google on and gets the
 * file's address; a visitor's lead with a Google click (gclid) is in the file, and once the file is read
 * the lead's panel says "Enviado ao Google". And the landing page's Meta Pixel sends its Lead event with
 * the form's submission key as `eventID`, the id the server's Conversions API event carries
 * (decision 023). Screenshots at 1280×800 and 390×844 go to test-results/screenshots/ unless
 * UPDATE_SCREENSHOTS=1 (then docs/screenshots/).
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, logIn, newPage, PHONE, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const browser = useBrowser();

/** A new agency (its owner's session in `api`) with one published page. */
async function agencyWithPage(prefix: string) {
  const api = apiClient(baseURL);
  const stamp = randomBytes(4).toString('hex');
  const user = {
    name: 'Carla Conversões',
    email: `${prefix}.${stamp}@teste.com.br`,
    password: 'senha-segura-123',
  };
  const { agencyId } = await registerAgency(api, user, `Imobiliária Conversões ${stamp}`);
  const { data: page } = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
    page: { title: `Apartamento no Itaim ${stamp}`, status: 'published', city: 'São Paulo' },
  });
  return { api, user, agencyId, slug: page.slug as string };
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`sets up the conversions, and a lead with a Google click is sent to Google (${label})`, async () => {
    const { user, slug } = await agencyWithPage('conversoes');
    const { context, page } = await newPage(browser(), baseURL, viewport);
    try {
      await logIn(page, user.email, user.password);
      await page.goto('/conversoes');
      await page.getByRole('heading', { level: 1, name: 'Conversões de anúncios' }).waitFor();
      await page.getByText('Nenhum envio ainda').waitFor();
      await screenshot(page, `conversions-empty-${viewport.width}`, { fullPage: 'tall' });

      // An invalid event is refused on the screen, under its stage, naming the field.
      const visit = page.getByLabel('Evento no Meta para Visita agendada');
      await visit.fill('Visita agendada!');
      await page.getByRole('button', { name: 'Salvar conversões' }).click();
      await page.getByText('Corrija os campos indicados para salvar.').waitFor();
      await expect.poll(() => visit.getAttribute('aria-invalid')).toBe('true');
      expect(await visit.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByText('O evento do Meta só pode ter letras, números, espaço, "_" e "-".').waitFor();
      await visit.scrollIntoViewIfNeeded();
      await screenshot(page, `conversions-invalid-${viewport.width}`);

      await visit.fill('Schedule');
      await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
      await page.getByRole('switch', { name: 'Gerar o arquivo para o Google Ads' }).click();
      await page.getByRole('button', { name: 'Salvar conversões' }).click();
      await page.getByText('Conversões salvas').first().waitFor();
      const fileUrl = await page.getByLabel('Endereço do arquivo do Google Ads').inputValue();
      expect(fileUrl).toMatch(/\/v1\/public\/conversions\/google\/[A-Za-z0-9_-]+\.csv$/);
      await page.getByText('Ainda não foi lido.').waitFor();
      await screenshot(page, `conversions-${viewport.width}`, { fullPage: 'tall' });

      // A visitor comes from a Google ad (gclid) and leaves a lead with consent.
      const visitor = await newPage(browser(), landingURL, viewport);
      try {
        await visitor.page.goto(`/imoveis/${slug}?gclid=Cj0KCQiAe2eTeste`);
        await visitor.page.getByLabel('Nome').fill('Rita Conversão');
        await visitor.page.getByLabel('Telefone com DDD').fill('(11) 96666-5555');
        await visitor.page.getByLabel(/Autorizo/).check();
        await visitor.page.locator('form#lead button[type=submit]').click();
        await visitor.page.getByText('Recebemos seu contato!').first().waitFor();
      } finally {
        await visitor.context.close();
      }

      // Google reads the file on its schedule: the lead's click is in it.
      const file = await fetch(fileUrl.replace(/^https?:\/\/[^/]+/, baseURL));
      expect(file.status).toBe(200);
      const csv = await file.text();
      expect(csv).toContain('Parameters:TimeZone=America/Sao_Paulo');
      expect(csv).toContain('Cj0KCQiAe2eTeste,Lead Vitrine,');
      expect(csv).not.toContain('Rita');

      await page.goto('/leads');
      await page.getByRole('link', { name: 'Rita Conversão' }).filter({ visible: true }).first().click();
      const line = page.getByTestId('lead-conversions');
      await line.waitFor();
      expect(await line.textContent()).toContain('Enviado ao Google.');
      expect(await line.getByRole('listitem').textContent()).toMatch(
        /^Google Ads: Lead Vitrine · enviado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
      );
      await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `lead-conversions-${viewport.width}`);
    } finally {
      await context.close();
    }
  });
}

it("sends the landing page's Pixel Lead event with the form's submission key as eventID", async () => {
  const { api, agencyId, slug } = await agencyWithPage('pixel');
  const { data: preferences } = await api('GET', `/v1/real-estates/${agencyId}/preferences`);
  const pixel = (preferences as { id: number; key: string }[]).find((p) => p.key === 'meta_pixel_id')!;
  await api('PUT', `/v1/preferences/${pixel.id}`, { value: '123456789012345' });

  const visitor = await newPage(browser(), landingURL, PHONE);
  try {
    // No internet here: Meta's fbevents.js is answered by a stand-in that does what it does with the
    // page's queue (the snippet's `fbq.queue`, then `fbq.callMethod` for every later call), recording them.
    await visitor.context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: `(function () {
          var f = window.fbq;
          window.__fbqCalls = [];
          f.callMethod = function () { window.__fbqCalls.push(JSON.parse(JSON.stringify([].slice.call(arguments)))); };
          f.queue.forEach(function (a) { f.callMethod.apply(f, a); });
          f.queue = [];
        })();`,
      }),
    );
    const posted: { _sid?: string }[] = [];
    visitor.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/v1/public/pages/${slug}/leads`))
        posted.push(request.postDataJSON() as { _sid?: string });
    });
    await visitor.page.goto(`/imoveis/${slug}`);
    await visitor.page.getByLabel('Nome').fill('Paulo Pixel');
    await visitor.page.getByLabel('Telefone com DDD').fill('(11) 95555-4444');
    await visitor.page.getByLabel(/Autorizo/).check();
    await visitor.page.locator('form#lead button[type=submit]').click();
    await visitor.page.getByText('Recebemos seu contato!').first().waitFor();

    const sid = posted[0]?._sid;
    expect(sid).toMatch(/^[0-9a-f]{43}$/); // the page view's time in hex, then 128 random bits
    const calls = () =>
      visitor.page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []);
    await expect.poll(calls).toContainEqual(['track', 'Lead', {}, { eventID: sid }]);
    const all = await calls();
    expect(all[0]).toEqual(['init', '123456789012345']);
    expect(all.filter((c) => c[1] === 'Lead')).toHaveLength(1);
  } finally {
    await visitor.context.close();
  }

  const list = await api('GET', `/v1/real-estates/${agencyId}/leads`);
  expect(list.data).toHaveLength(1);
  expect(list.data[0]).toMatchObject({ name: 'Paulo Pixel' });
});
