/** A real 2-second H.264 MP4 (320×180, 5 KB) and a 1-second WebM, made with ffmpeg once and committed. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TINY_MP4_PATH = fileURLToPath(new URL('./tiny.mp4', import.meta.url));
export const TINY_MP4 = readFileSync(TINY_MP4_PATH);
export const TINY_WEBM = readFileSync(fileURLToPath(new URL('./tiny.webm', import.meta.url)));
