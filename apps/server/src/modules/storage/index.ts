/** The storage module's public API (CONTRIBUTING.md, "Module boundaries"). */
export { createLocalStorage, IMAGE_EXTENSIONS, sniffImageType, type Storage } from './storage.ts';
