import type { RealEstate } from '@vitrine/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { handle, sent } from '@/test/network';
import { RealEstateProfileForm } from './real-estate-profile-form';

const agency: RealEstate = {
  id: 10,
  name: 'Imobiliária Demonstração',
  logo_url: null,
  cnpj: '11222333000181',
  creci: null,
  phone: '+55 (11) 3333-4444',
  whatsapp: null,
  email: null,
  website: null,
  zip_code: '01310100',
  address: null,
  neighborhood: null,
  city: null,
  state: null,
  role: 'owner',
  created_at: '2025-01-01T00:00:00Z',
};

beforeEach(() => {
  setXsrfCookie('t');
});

function renderForm() {
  return renderWithRouter(
    [
      {
        path: '/',
        element: <RealEstateProfileForm realEstate={agency} readOnly={false} onSaved={vi.fn()} />,
      },
    ],
    { auth: fakeAuth({ user: demoUser }) },
  );
}

const field = (label: string) => screen.getByLabelText(label);

describe('agency profile: Brazilian masks and validation', () => {
  it('shows stored values masked', () => {
    renderForm();
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(field('Telefone')).toHaveValue('(11) 3333-4444');
    expect(field('CEP')).toHaveValue('01310-100');
  });

  it('masks as the person types: CNPJ, mobile with DDD, CEP', async () => {
    renderForm();
    await userEvent.clear(field('CNPJ'));
    await userEvent.type(field('CNPJ'), '11222333000181');
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-81');
    await userEvent.type(field('WhatsApp'), '11987654321');
    expect(field('WhatsApp')).toHaveValue('(11) 98765-4321');
    await userEvent.clear(field('CEP'));
    await userEvent.type(field('CEP'), '04538133');
    expect(field('CEP')).toHaveValue('04538-133');
  });

  it('refuses a CNPJ with wrong check digits and a phone without DDD, naming the field, before any call', async () => {
    renderForm();
    await userEvent.clear(field('CNPJ'));
    await userEvent.type(field('CNPJ'), '11222333000100');
    await userEvent.clear(field('Telefone'));
    await userEvent.type(field('Telefone'), '98765');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Informe um CNPJ válido.')).toBeInTheDocument();
    expect(screen.getByText('O telefone: informe um telefone brasileiro com DDD.')).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);
  });

  it('sends the masked values, which the server schema accepts', async () => {
    let sent: FormData | null = null;
    handle('updateRealEstateMultipart', (config) => {
      sent = config.body as FormData;
      return { data: { ...agency, whatsapp: '11987654321' } };
    });
    renderForm();
    await userEvent.type(field('WhatsApp'), '11987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.get('whatsapp')).toBe('(11) 98765-4321');
    expect(sent!.get('cnpj')).toBe('11222333000181');
  });
});
