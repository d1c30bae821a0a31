import DOMPurify from 'dompurify';

/** The formatting a toast's description may carry (treated as sanitized HTML; docs/product.md#toasts). */
export const TOAST_HTML_TAGS = ['b', 'strong', 'i', 'em', 'br'] as const;

/**
 * A toast's description as sanitized HTML: bold, italics and line breaks survive; every other tag is
 * stripped (its text kept, except a script's or a style's), and so is every attribute — no handlers,
 * no links, no images, nothing that runs or loads.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...TOAST_HTML_TAGS],
    ALLOWED_ATTR: [],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
