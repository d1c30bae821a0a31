#!/usr/bin/env node
/**
 * No cycles between server modules (apps/server/src/modules/<name>) nor between console features
 * (apps/console/src/features/<name>): `npm run lint` runs this after ESLint. import-x/no-cycle sees
 * cycles between files; two modules can still import each other through files that never meet (one's
 * routes import the other's index, whose services import the first one's index), and that is what
 * keeps a module from being understood, tested or moved on its own. Run-time imports only: type-only
 * imports are erased, and test files and testing/ folders are not part of the product.
 *
 *   node scripts/module-cycles.mjs    prints each cycle and exits 1 if there is any
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const apps = [
  { name: 'servidor', src: 'apps/server/src', units: 'modules', unit: 'módulo' },
  { name: 'console', src: 'apps/console/src', units: 'features', unit: 'feature', alias: '@/' },
];

const isProductFile = (file) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('testing');

/** The run-time imports of a file: static imports and re-exports that are not type-only, and import(). */
function runtimeSpecifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every cycle of the graph, each once (its units in order, starting from the smallest name). */
function cyclesOf(graph) {
  const cycles = new Map();
  const walk = (start, node, trail) => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(' ');
        if (!cycles.has(key)) cycles.set(key, [...trail, start]);
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return [...cycles.values()];
}

let failed = false;
for (const app of apps) {
  const src = path.join(root, app.src);
  const unitsDir = path.join(src, app.units);
  /** The module of a file or of an import's target (`@/features/users` names the folder). */
  const unitOf = (target) => {
    const rel = path.relative(unitsDir, target).split(path.sep);
    if (rel[0] === '' || rel[0] === '..' || path.isAbsolute(rel[0])) return null;
    return rel.length > 1 || !path.extname(rel[0]) ? rel[0] : null;
  };
  const graph = new Map();
  const via = new Map();
  for (const rel of readdirSync(unitsDir, { recursive: true })) {
    const file = path.join(unitsDir, rel);
    if (!isProductFile(file)) continue;
    const from = unitOf(file);
    for (const spec of runtimeSpecifiers(file)) {
      let target;
      if (app.alias && spec.startsWith(app.alias)) target = path.join(src, spec.slice(app.alias.length));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else continue;
      const to = unitOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
      const edge = `${from} -> ${to}`;
      if (!via.has(edge)) via.set(edge, path.relative(root, file));
    }
  }
  for (const cycle of cyclesOf(graph)) {
    failed = true;
    console.error(`${app.name}: ciclo entre ${app.unit}s: ${cycle.join(' → ')}`);
    for (let i = 0; i + 1 < cycle.length; i++)
      console.error(`  ${cycle[i]} → ${cycle[i + 1]}: ${via.get(`${cycle[i]} -> ${cycle[i + 1]}`)}`);
  }
}
if (failed) {
  console.error(
    'Um módulo (ou feature) não importa outro que o importa de volta: mova a parte comum para quem a possui, para lib/, ou passe-a no registro (CONTRIBUTING.md, "Module boundaries").',
  );
  process.exit(1);
}
