/** A blog post's body as HTML: markdown-it and sanitize-html, loaded with the first post asked for. */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height', 'loading'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site do not pass on its authority nor its window.
    a: (tagName, attribs) =>
      /^https?:\/\//.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener nofollow', target: '_blank' } }
        : { tagName, attribs },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};
SANITIZE.allowedAttributes = { ...SANITIZE.allowedAttributes, a: ['href', 'title', 'rel', 'target'] };

/** Markdown (untrusted as far as this function knows) to HTML that can go into a page as is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE);
}
