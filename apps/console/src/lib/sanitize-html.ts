import DOMPurify from 'dompurify';

/**
 * Our own static toast HTML (spec §2, `staticHtml(...)`): only inline formatting survives, never
 * scripts, handlers or `target` (no new windows from a toast). User data never comes here.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'a', 'ul', 'ol', 'li', 'code', 'small'],
    ALLOWED_ATTR: ['href', 'rel', 'class'],
    ALLOW_DATA_ATTR: false,
  });
}
