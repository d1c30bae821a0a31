/**
 * Before switching to STORAGE_DRIVER=s3: copies every file under DATA_DIR/uploads to the bucket the
 * environment names, under the same keys the database stores. Skips files already there; run again
 * after the switch to catch files written meanwhile.
 *
 *   STORAGE_DRIVER=s3 S3_BUCKET=... npm run storage:copy-local -w apps/server
 */
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { copyLocalUploads, createStorage } from '../src/modules/storage/index.ts';

const config = loadConfig();
if (config.STORAGE_DRIVER !== 's3') {
  console.error('Defina STORAGE_DRIVER=s3 e as variáveis S3_* do bucket de destino.');
  process.exit(1);
}
const result = await copyLocalUploads(await createStorage(config), path.join(config.dataDir, 'uploads'));
console.log(`Copiados: ${result.copied}; já estavam no bucket: ${result.skipped}.`);
