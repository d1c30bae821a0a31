/**
 * User-visible messages of the Integrações screen, word for word as in docs/product.md#integration-messages.
 */
import type { Toast } from '@/lib/toast';

export const MESSAGES = {
  saveFailed: {
    variant: 'danger',
    title: 'Erro ao salvar integração',
    description: 'Não foi possível salvar a configuração.',
  },
  saved: {
    variant: 'success',
    title: 'Integração atualizada!',
    description: 'Configuração salva com sucesso.',
  },
  loadFailed: {
    variant: 'danger',
    title: 'Erro ao carregar integrações',
    description: 'Não foi possível carregar as configurações das integrações.',
  },
  testing: {
    title: 'Testando integrações',
    description: 'Verificando conectividade com os sistemas configurados...',
  },
  tested: { title: 'Testes concluídos', description: 'As integrações foram testadas com sucesso.' },
  testFailed: {
    variant: 'danger',
    title: 'Erro ao testar integrações',
    description: 'Falha na conectividade com os sistemas configurados.',
  },
} as const satisfies Record<string, Toast>;
