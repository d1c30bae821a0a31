import type { FormEvent } from 'react';

/**
 * A form's `onSubmit` from an async handler (react-hook-form's `handleSubmit(async …)`). React ignores
 * what an event handler returns, so the promise is dropped on purpose: every submit handler in the
 * console catches its own errors and shows them in the form (`applyServerErrors`, a toast).
 */
export function submitHandler(handler: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    void handler(event);
  };
}
