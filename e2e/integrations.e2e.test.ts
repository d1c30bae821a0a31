/**
 * /integracoes in the browser against the real server: a webhook receiver started here on
 * 127.0.0.1 (the server runs with ALLOW_PRIVATE_NETWORK_TARGETS=1) gets the signed test event and
 * a test lead. Also the screenshots of the screen at 1280×800 and 390×844 with the status colours;
 * they go to test-results/screenshots/ unless UPDATE_SCREENSHOTS=1 (then docs/screenshots/).
 */
import { fileURLToPath } from 'node:url';
import { SECRET_MASK } from '@vitrine/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, logIn, newPage, PHONE, startFakeWebhook, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

// ---------------------------------------------------------------------------------------------
// A webhook receiver that checks the Standard Webhooks signature of what it gets
// ---------------------------------------------------------------------------------------------

/** What the server sends: an integration.test or lead.created event. */
interface LeadEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The kit's fake endpoint, answering `status`; the secret is read when a call arrives. */
const startReceiver = (status: number, secret: () => string) =>
  startFakeWebhook<LeadEvent>({
    secret,
    path: '/webhooks/leads',
    respond: () => ({ status, body: '{"ok":true}', contentType: 'application/json' }),
  });

// ---------------------------------------------------------------------------------------------
// Steps on the screen
// ---------------------------------------------------------------------------------------------

const card = (page: Page, name: string) => page.getByRole('region', { name });
const dotColor = (page: Page, name: string) => page.getByTestId(`status-${name}`).getAttribute('data-color');
const toast = (page: Page, variant: string, title: string) =>
  page.locator(`[data-variant=${variant}]`, { hasText: title });

async function openIntegrations(page: Page) {
  await page.goto('/integracoes');
  await page.getByLabel('URL do Webhook', { exact: true }).waitFor();
}

async function selectedRealEstateId(page: Page): Promise<number> {
  return Number(await page.evaluate(() => localStorage.getItem('vitrine.selected_real_estate_id')));
}

/** What the server holds now (the page's cookies). */
async function storedIntegrations(page: Page) {
  const id = await selectedRealEstateId(page);
  const response = await page.request.get(`/v1/real-estates/${id}/integrations`);
  const body = (await response.json()) as {
    data: { integrations: { name: string; is_active: boolean; payload: Record<string, unknown> }[] };
  };
  return Object.fromEntries(body.data.integrations.map((i) => [i.name, i]));
}

async function revealSecret(page: Page): Promise<string> {
  const webhook = card(page, 'Webhook');
  await webhook.getByRole('button', { name: 'Mostrar segredo' }).click();
  await expect
    .poll(() => webhook.getByTestId('webhook-secret').textContent())
    .toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  return (await webhook.getByTestId('webhook-secret').textContent())!;
}

/** Types a webhook URL and waits until the auto-save has stored it. */
async function setWebhookUrl(page: Page, url: string) {
  await page.getByLabel('URL do Webhook', { exact: true }).fill(url);
  await expect
    .poll(async () => (await storedIntegrations(page)).webhook?.payload.url, { timeout: 10_000 })
    .toBe(url);
  await expect.poll(() => dotColor(page, 'webhook')).not.toBe('yellow');
}

/** Empties every integration, waiting for the saves: leaves the demo agency as it was found. */
async function clearAll(page: Page) {
  await openIntegrations(page);
  // The clear buttons, not fill(''): a stored credential shows as an empty input (the server
  // answers it masked), and only its ✕ removes it.
  for (const name of [
    'Limpar URL do Webhook',
    'Limpar usuário',
    'Limpar senha',
    'Limpar chave de API',
    'Limpar chave pública',
    'Limpar chave privada',
    'Limpar nome do cabeçalho',
    'Limpar valor do cabeçalho',
  ]) {
    const button = page.getByRole('button', { name, exact: true });
    if (await button.isVisible()) await button.click();
  }
  if (await page.getByLabel('Autenticação', { exact: true }).isVisible()) {
    await page.getByLabel('Autenticação', { exact: true }).selectOption('none');
  }
  await expect
    .poll(async () => Object.values(await storedIntegrations(page)).filter((i) => i.is_active).length, {
      timeout: 10_000,
    })
    .toBe(0);
  await expect
    .poll(async () => (await storedIntegrations(page)).webhook?.payload, { timeout: 10_000 })
    .toEqual({ url: '', authentication: { type: 'none', key: '', value: '' } });
}

async function closeToasts(page: Page) {
  for (const button of await page.getByRole('button', { name: 'Fechar' }).all()) {
    await button.click().catch(() => undefined);
  }
  await page
    .locator('[data-variant]')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
}

/** On a failure, what the page showed (test-results/), for the one who reads the log. */
async function keepFailure(page: Page, name: string, error: unknown): Promise<never> {
  const file = fileURLToPath(new URL(`../test-results/integrations-failure-${name}.png`, import.meta.url));
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.warn(`Falha em ${name}; tela em ${file}`);
  throw error;
}

// ---------------------------------------------------------------------------------------------

describe('/integracoes in the browser', () => {
  it('saves a webhook with header auth, keeps it after a reload, and the test reaches the receiver signed', async () => {
    let secret = '';
    const receiver = await startReceiver(200, () => secret);
    const { context, page } = await newPage(browser(), baseURL, DESKTOP);
    try {
      await logIn(page);
      await openIntegrations(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Integrações');
      secret = await revealSecret(page);

      const webhook = card(page, 'Webhook');
      await webhook.getByLabel('URL do Webhook', { exact: true }).fill(receiver.url);
      await webhook.getByLabel('Autenticação', { exact: true }).selectOption('header');
      await webhook.getByLabel('Nome do cabeçalho', { exact: true }).fill('X-Api-Key');
      await webhook.getByLabel('Valor do cabeçalho', { exact: true }).fill('chave-e2e');
      await toast(page, 'success', 'Integração atualizada!').waitFor();
      await expect
        .poll(async () => (await storedIntegrations(page)).webhook?.payload, { timeout: 10_000 })
        .toEqual({
          url: receiver.url,
          // the server never answers a stored credential in clear
          authentication: { type: 'header', key: 'X-Api-Key', value: SECRET_MASK },
        });
      await expect.poll(() => dotColor(page, 'webhook')).toBe('gray');

      await page.reload();
      await page.getByLabel('URL do Webhook', { exact: true }).waitFor();
      expect(await page.getByLabel('URL do Webhook', { exact: true }).inputValue()).toBe(receiver.url);
      expect(await page.getByLabel('Autenticação', { exact: true }).inputValue()).toBe('header');
      expect(await page.getByLabel('Nome do cabeçalho', { exact: true }).inputValue()).toBe('X-Api-Key');
      const headerValue = page.getByLabel('Valor do cabeçalho', { exact: true });
      expect(await headerValue.inputValue()).toBe('');
      expect(await headerValue.getAttribute('placeholder')).toBe('••••••••  (salvo)');

      await page.getByRole('button', { name: 'Testar Integrações' }).click();
      await toast(page, 'default', 'Testes concluídos').waitFor();
      const testEvent = receiver.received.find((r) => r.json.type === 'integration.test');
      expect(testEvent, 'the receiver got the test event').toBeDefined();
      expect(testEvent!.signatureValid).toBe(true);
      expect(testEvent!.headers['x-api-key']).toBe('chave-e2e');
      expect(String(testEvent!.headers['webhook-id'])).not.toBe('');
      await expect.poll(() => dotColor(page, 'webhook')).toBe('green');
      expect(await page.getByTestId('status-webhook').textContent()).toBe('Ativa e testada');

      // A test lead travels to the receiver and shows up as delivered on the card.
      await page.getByRole('button', { name: 'Enviar lead de teste' }).click();
      await toast(page, 'success', 'Lead de teste enviado').waitFor();
      await expect
        .poll(() => receiver.received.filter((r) => r.json.type === 'lead.created').length, {
          timeout: 15_000,
        })
        .toBe(1);
      const lead = receiver.received.find((r) => r.json.type === 'lead.created')!;
      expect(lead.signatureValid).toBe(true);
      await webhook
        .getByTestId('deliveries-webhook')
        .getByText('Entregue')
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await webhook.getByRole('link', { name: /Ver histórico completo/ }).getAttribute('href')).toBe(
        '/leads?tab=entregas&integration=webhook',
      );
    } catch (error) {
      await keepFailure(page, expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'teste', error);
    } finally {
      await clearAll(page).catch((error: unknown) => console.warn('Limpeza das integrações falhou:', error));
      await context.close();
      await receiver.close();
    }
  });

  it('a receiver answering 500 makes the test fail: danger toast with the reason and a red dot', async () => {
    const receiver = await startReceiver(500, () => '');
    const { context, page } = await newPage(browser(), baseURL, DESKTOP);
    try {
      await logIn(page);
      await openIntegrations(page);
      await setWebhookUrl(page, receiver.url);
      await page.getByRole('button', { name: 'Testar Integrações' }).click();
      const failed = toast(page, 'danger', 'Erro ao testar integrações');
      await failed.waitFor();
      expect(await failed.textContent()).toMatch(/Falha ao testar: Webhook: .*500/);
      await expect.poll(() => dotColor(page, 'webhook')).toBe('red');
      await expect.poll(() => dotColor(page, 'arbo')).toBe('gray');
      expect(receiver.received).toHaveLength(1);
    } catch (error) {
      await keepFailure(page, expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'teste', error);
    } finally {
      await clearAll(page).catch((error: unknown) => console.warn('Limpeza das integrações falhou:', error));
      await context.close();
      await receiver.close();
    }
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`screenshot with every status colour (${label} ${viewport.width}×${viewport.height})`, async () => {
      let secret = '';
      const receiver = await startReceiver(200, () => secret);
      const { context, page } = await newPage(browser(), baseURL, viewport);
      let release: () => void = () => undefined;
      try {
        await logIn(page);
        // Start from a clean agency: every colour below comes from this scene only.
        await clearAll(page);
        secret = await revealSecret(page);
        await page.getByRole('button', { name: 'Ocultar segredo' }).click();

        // Green: a webhook that answers well, tested.
        await setWebhookUrl(page, receiver.url);
        await page.getByRole('button', { name: 'Testar Integrações' }).click();
        await toast(page, 'default', 'Testes concluídos').waitFor();
        await expect.poll(() => dotColor(page, 'webhook')).toBe('green');

        // Red: an Arbo key the server refuses (over 500 characters).
        await page.getByLabel('Chave de API', { exact: true }).fill('k'.repeat(501));
        await toast(page, 'danger', 'Erro ao salvar integração').waitFor();
        await expect.poll(() => dotColor(page, 'arbo')).toBe('red');

        // Yellow: a GoHarry save held on its way to the server.
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/v1/real-estates/*/integrations', async (route) => {
          const request = route.request();
          if (
            request.method() === 'PUT' &&
            (request.postDataJSON() as { name?: string }).name === 'go_harry'
          ) {
            await held;
          }
          await route.continue();
        });
        await page.getByLabel('Usuário', { exact: true }).fill(`corretor.${viewport.width}`);
        await expect.poll(() => dotColor(page, 'go_harry'), { timeout: 5000 }).toBe('yellow');
        expect(await dotColor(page, 'jetimob')).toBe('gray');

        await closeToasts(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `integrations-${viewport.width}`, { settleMs: 300, fullPage: true });

        release();
        await expect.poll(() => dotColor(page, 'go_harry')).not.toBe('yellow');
        await page.unroute('**/v1/real-estates/*/integrations');
      } catch (error) {
        await keepFailure(page, `screenshot-${viewport.width}`, error);
      } finally {
        release();
        await clearAll(page).catch((error: unknown) =>
          console.warn('Limpeza das integrações falhou:', error),
        );
        await context.close();
        await receiver.close();
      }
    });
  }
});
