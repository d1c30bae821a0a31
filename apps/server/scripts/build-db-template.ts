/**
 * Writes the migrated PGlite template a first start copies (src/db/template.ts). Run by `npm install`
 * (prepare) and `npm run build`; never fails the install: without a template the first start runs
 * initdb and the migrations, as before.
 *
 *   npx tsx apps/server/scripts/build-db-template.ts
 */
import { existsSync } from 'node:fs';
import { pgliteTemplateFile, writePgliteTemplate } from '../src/db/template.ts';

const file = pgliteTemplateFile();
if (existsSync(file)) {
  console.log(`› Banco de dados modelo já preparado (${file}).`);
} else {
  const started = performance.now();
  try {
    await writePgliteTemplate(file);
    console.log(`› Banco de dados modelo preparado em ${Math.round(performance.now() - started)} ms.`);
  } catch (err) {
    console.warn(`! Não foi possível preparar o banco de dados modelo: ${(err as Error).message}`);
  }
}
