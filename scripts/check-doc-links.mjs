// npm run lint runs this: every relative link in the Markdown documents (README.md, CONTRIBUTING.md,
// docs/**/*.md) must name a file that exists and, with a #fragment, a heading of that file; and so must
// every `docs/….md#anchor` a source file names (apps, packages, test-kit, e2e, scripts), so a comment or
// a document that points at `docs/product.md#status-dot` never points at nothing.
// Anchors are GitHub's: the heading in lower case, punctuation dropped, spaces as hyphens, -1, -2… on
// repeats. Links inside code (fenced or inline) are examples, not links, and are skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.cache']);

function filesUnder(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** The text outside code: fenced blocks blanked line by line (line numbers kept), inline code removed. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const set = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      const slug = heading[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      set.add(count ? `${slug}-${count}` : slug);
    }
    for (const html of readFileSync(file, 'utf8').matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) set.add(html[1]);
    anchorsOf.set(file, set);
  }
  return anchorsOf.get(file);
}

const files = [
  path.join(root, 'README.md'),
  path.join(root, 'CONTRIBUTING.md'),
  ...filesUnder(path.join(root, 'docs'), /\.md$/),
];
const problems = [];

/** `target` (a path and an optional #fragment) resolved from `base`; a problem, or null. */
function check(target, base) {
  const [pathPart, fragment] = target.split('#');
  const resolved = pathPart ? path.resolve(base, decodeURI(pathPart)) : null;
  if (resolved && !existsSync(resolved)) return `${target} — no such file`;
  const file = resolved;
  if (
    fragment &&
    file &&
    statSync(file).isFile() &&
    file.endsWith('.md') &&
    !anchors(file).has(decodeURIComponent(fragment))
  ) {
    return `${target} — no heading #${fragment} in ${path.relative(root, file)}`;
  }
  return null;
}
for (const file of files) {
  proseLines(readFileSync(file, 'utf8')).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const problem = target.startsWith('#')
        ? check(`${path.basename(file)}${target}`, path.dirname(file))
        : check(target, path.dirname(file));
      if (problem) problems.push(`${path.relative(root, file)}:${index + 1}: ${problem}`);
    }
  });
}

const sources = ['apps', 'packages', 'test-kit', 'e2e', 'scripts'].flatMap((dir) =>
  filesUnder(path.join(root, dir), /\.(ts|tsx|mts|mjs|js|sql)$/),
);
for (const file of sources) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
        const problem = check(match[0], root);
        if (problem) problems.push(`${path.relative(root, file)}:${index + 1}: ${problem}`);
      }
    });
}

if (problems.length) {
  console.error(`Broken links in the documents (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `check-doc-links: ${files.length} documents and ${sources.length} source files, every link to a document resolves.`,
);
