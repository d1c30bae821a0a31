/** Screenshots of a real landing page (390 and 1280 px, and a sold one) into docs/screenshots: npm run screenshots:landing -w @vitrine/server */
import { chromium } from 'playwright-core';
import { ConsoleClient, resolveChromium, startServer } from './lib/harness.ts';
import { gradientPng } from './lib/png.ts';
const server = await startServer({});
const client = new ConsoleClient(server.url);
const { user } = await client.call('POST', '/v1/register', {
  name: 'Bruno',
  email: 'shot@b.test',
  password: 'senha-do-bench',
  password_confirmation: 'senha-do-bench',
  real_estate_name: 'Imobiliária Horizonte',
});
const rid = user.real_estates[0].id;
await client.call('PUT', `/v1/real-estates/${rid}`, {
  name: 'Imobiliária Horizonte',
  phone: '1130000000',
  whatsapp: '11999990000',
  creci: '12345-J',
});
const { data: page } = await client.call('POST', `/v1/real-estates/${rid}/pages`, {
  page: { title: 'Apartamento com 3 quartos em Pinheiros' },
});
await client.call('PUT', `/v1/pages/${page.id}`, {
  status: 'published',
  listing_code: 'AP-1024',
  property_type: 'apartment',
  price_cents: 129000000,
  condo_fee_cents: 145000,
  area_m2: 98,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 2,
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  description: 'Apartamento iluminado, com varanda gourmet.\n\nPerto do metrô.',
  features: ['Varanda', 'Piscina', 'Academia'],
  whatsapp: '11988887777',
});
for (let i = 0; i < 3; i++) {
  const f = new FormData();
  f.append('photo', new Blob([new Uint8Array(gradientPng(1200, 900))], { type: 'image/png' }), 'a.png');
  await client.call('POST', `/v1/pages/${page.id}/photos`, f);
}
const chrome = resolveChromium();
const browser = await chromium.launch({
  executablePath: chrome.path,
  env: { ...process.env, ...chrome.env },
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [w, h, name] of [
  [390, 844, 'landing-390'],
  [1280, 800, 'landing-1280'],
] as const) {
  const p = await browser.newPage({ viewport: { width: w, height: h } });
  await p.goto(`${server.landingUrl}/imoveis/${page.slug}`);
  await p.screenshot({
    path: new URL(`../../../docs/screenshots/${name}.png`, import.meta.url).pathname,
    fullPage: true,
  });
}
await client.call('PUT', `/v1/pages/${page.id}`, { status: 'sold' });
const p = await browser.newPage({ viewport: { width: 390, height: 844 } });
await p.goto(`${server.landingUrl}/imoveis/${page.slug}`);
await p.screenshot({
  path: new URL('../../../docs/screenshots/landing-sold-390.png', import.meta.url).pathname,
});
await browser.close();
await server.kill();
server.cleanup();
