/**
 * The blog: Markdown files in apps/server/site/blog (front matter: title, description, date, author,
 * cover), newest first. Their front matter is read and checked at start (a bad post stops the server);
 * the bodies become HTML when a post is first asked for (blog-render.ts: markdown-it and sanitize-html,
 * which the start does not need to load).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { serverRoot } from '../../paths.ts';

export const BLOG_DIR = path.join(serverRoot, 'site', 'blog');
/** A post's slug is its file name: lower-case words joined by hyphens. */
export const POST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatter = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(300),
  // YAML reads an unquoted 2026-11-10 as a Date.
  date: z
    .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])
    .transform((d) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10))),
  author: z.string().trim().min(1).max(80),
  cover: z
    .string()
    .regex(/^\/[\w./-]+$/, 'cover: um caminho do site, como /site/img/foto.webp')
    .optional(),
});

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  cover: string | null;
  /** The body, Markdown (blog-render.ts makes it HTML). */
  markdown: string;
  /** Words in the body (reading time). */
  words: number;
}

/** One file's text to a post; throws with the file's name and the field when the front matter is wrong. */
export function parsePost(slug: string, text: string): BlogPost {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`blog/${slug}.md: falta o cabeçalho (front matter) entre linhas ---`);
  const parsed = frontMatter.safeParse(parseYaml(match[1]!));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`blog/${slug}.md: ${issue.path.join('.') || 'cabeçalho'}: ${issue.message}`);
  }
  const body = match[2]!;
  const fm = parsed.data;
  return {
    slug,
    title: fm.title,
    description: fm.description,
    date: fm.date,
    author: fm.author,
    cover: fm.cover ?? null,
    markdown: body,
    words: body.split(/\s+/).filter(Boolean).length,
  };
}

/** Every post of a folder, newest first (then by slug, for a stable order). */
export function loadPosts(dir: string = BLOG_DIR): BlogPost[] {
  const posts = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((file) => {
      const slug = file.slice(0, -3);
      if (!POST_SLUG.test(slug))
        throw new Error(`blog/${file}: o nome do arquivo vira o endereço; use a-z, 0-9 e hífens`);
      return parsePost(slug, readFileSync(path.join(dir, file), 'utf8'));
    });
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export interface BlogPageOf {
  posts: BlogPost[];
  page: number;
  lastPage: number;
}

/** One page of the list (1-based); null past the last page. */
export function pageOfPosts(posts: BlogPost[], page: number, perPage: number): BlogPageOf | null {
  const lastPage = Math.max(1, Math.ceil(posts.length / perPage));
  if (!Number.isInteger(page) || page < 1 || page > lastPage) return null;
  return { posts: posts.slice((page - 1) * perPage, page * perPage), page, lastPage };
}
