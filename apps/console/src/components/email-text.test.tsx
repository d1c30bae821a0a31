import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('offers a line break after the "@" and before the dots of the name, and reads as the whole address', () => {
    const { container } = render(
      <p>
        <EmailText email="maria.silva@exemplo.com.br" />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe('maria.silva@exemplo.com.br');
    expect(p.innerHTML).toBe('maria<wbr>.silva@<wbr>exemplo.com.br');
  });

  it('leaves a text without "@" as it is', () => {
    const { container } = render(
      <p>
        <EmailText email="sem.arroba" />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('sem.arroba');
  });
});
