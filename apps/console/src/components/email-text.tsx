import { Fragment } from 'react';

/**
 * An e-mail address that may wrap in a narrow column: it breaks after the "@" ("maria.silva@" /
 * "exemplo.com.br") and, when the name alone is too wide, before the dots of the name; the domain
 * stays whole. Mid-word only when one part alone is wider than the column (the caller's
 * overflow-wrap). Screen readers and copy read the address whole (<wbr> adds no text).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts =
    at < 0 ? [email] : [...email.slice(0, at + 1).split(/(?=\.)/), email.slice(at + 1)].filter(Boolean);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
