/**
 * Screenshots of the Portais e anúncios screen and the page editor's channels panel (390 and 1280 px)
 * into docs/screenshots, on a real server with a few listings: npm run screenshots:feeds -w @vitrine/server
 */
import { chromium } from 'playwright-core';
import { ConsoleClient, resolveChromium, startServer } from './lib/harness.ts';
import { gradientPng } from './lib/png.ts';

const server = await startServer({});
const client = new ConsoleClient(server.url);
const { user } = await client.call('POST', '/v1/register', {
  name: 'Bruno',
  email: 'shot-feeds@b.test',
  password: 'senha-do-bench',
  password_confirmation: 'senha-do-bench',
  real_estate_name: 'Imobiliária Horizonte',
});
const rid = user.real_estates[0].id as number;
const base = {
  status: 'published',
  property_type: 'apartment',
  price_cents: 129000000,
  area_m2: 98,
  bedrooms: 3,
  bathrooms: 2,
  address: 'Rua dos Pinheiros, 1000',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  zip_code: '05422-001',
  latitude: -23.56,
  longitude: -46.68,
  description: 'Apartamento iluminado, com varanda gourmet. Perto do metrô.',
};
const listings = [
  { title: 'Apartamento com 3 quartos em Pinheiros', listing_code: 'AP-1024' },
  { title: 'Cobertura duplex na Vila Madalena', listing_code: 'CO-2001', zip_code: null },
  { title: 'Casa térrea com quintal no Butantã', listing_code: null, property_type: 'house' },
  { title: 'Sala comercial', listing_code: 'SC-7', property_type: 'other', price_cents: 0 },
];
const ids: number[] = [];
for (const l of listings) {
  const { data: page } = await client.call('POST', `/v1/real-estates/${rid}/pages`, {
    page: { title: l.title },
  });
  await client.call('PUT', `/v1/pages/${page.id}`, { ...base, ...l });
  if (l.listing_code !== 'SC-7') {
    const f = new FormData();
    f.append('photo', new Blob([new Uint8Array(gradientPng(1200, 900))], { type: 'image/png' }), 'a.png');
    await client.call('POST', `/v1/pages/${page.id}/photos`, f);
  }
  ids.push(page.id as number);
}
await client.call('PUT', `/v1/real-estates/${rid}/page-channels`, {
  ids,
  channel: 'grupo_zap',
  publish: true,
});
await client.call('PUT', `/v1/real-estates/${rid}/page-channels`, {
  ids: ids.slice(0, 2),
  channel: 'meta_catalog',
  publish: true,
});
await client.call('PUT', `/v1/real-estates/${rid}/feeds/grupo_zap`, {
  highlight_quotas: { PREMIUM: 5, SUPER_PREMIUM: 1 },
});
await client.call('PUT', `/v1/pages/${ids[0]}/channels`, {
  channels: { grupo_zap: { publish: true, publication_type: 'SUPER_PREMIUM' } },
});

const chrome = resolveChromium();
const browser = await chromium.launch({
  executablePath: chrome.path,
  env: { ...process.env, ...chrome.env },
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext();
{
  const p = await context.newPage();
  await p.goto(`${server.url}/entrar`);
  await p.getByLabel('E-mail').fill('shot-feeds@b.test');
  await p.getByLabel('Senha').fill('senha-do-bench');
  await p.getByRole('button', { name: 'Entrar' }).click();
  await p.waitForURL(/\/dashboard/);
  await p.close();
}
const out = (name: string) => new URL(`../../../docs/screenshots/${name}.png`, import.meta.url).pathname;
for (const [w, h] of [
  [1280, 900],
  [390, 844],
] as const) {
  const p = await context.newPage();
  await p.setViewportSize({ width: w, height: h });
  await p.goto(`${server.url}/portais`);
  await p
    .getByRole('heading', { name: 'Portais e anúncios', level: 1 })
    .waitFor()
    .catch(async (err: unknown) => {
      await p.screenshot({ path: '/tmp/shot-feeds-failed.png' });
      throw err;
    });
  await p.getByText('não entram no feed').first().waitFor();
  await p.screenshot({ path: out(`feeds-${w}`), fullPage: true });
  await p.goto(`${server.url}/paginas/${ids[1]}`);
  const panel = p.getByText('Portais e anúncios', { exact: true }).last();
  await p.getByText('Sem CEP.').first().waitFor();
  await panel.scrollIntoViewIfNeeded();
  await p.screenshot({ path: out(`page-channels-${w}`) });
  await p.close();
}
await browser.close();
await server.kill();
server.cleanup();
