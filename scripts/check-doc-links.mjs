// npm run lint runs this: every relative link in the Markdown documents (README.md, CONTRIBUTING.md,
// docs/**/*.md) must name a file that exists and, with a #fragment, a heading of that file, so a code
// comment or a document that points at `docs/product.md#status-dot` never points at nothing.
// Anchors are GitHub's: the heading in lower case, punctuation dropped, spaces as hyphens, -1, -2… on
// repeats. Links inside code (fenced or inline) are examples, not links, and are skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
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
  ...markdownFiles(path.join(root, 'docs')),
];
const problems = [];
for (const file of files) {
  proseLines(readFileSync(file, 'utf8')).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, fragment] = target.split('#');
      const resolved = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
      const where = `${path.relative(root, file)}:${index + 1}`;
      if (!existsSync(resolved)) {
        problems.push(`${where}: ${target} — no such file`);
      } else if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!anchors(resolved).has(decodeURIComponent(fragment))) {
          problems.push(`${where}: ${target} — no heading #${fragment} in ${path.relative(root, resolved)}`);
        }
      }
    }
  });
}

if (problems.length) {
  console.error(`Broken links in the documents (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-doc-links: ${files.length} documents, every relative link resolves.`);
