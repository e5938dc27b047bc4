/**
 * The media port: where uploaded files' bytes live. The embedded default is a directory (MEDIA_DIR, by
 * default `<DATA_DIR>/media`); S3-compatible storage when S3_BUCKET is set (./s3.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DEMO_FILES } from './demo-files';

export interface MediaStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (`<purpose>/<owner>/<ticket>/<id>.<ext>`); anything else is refused. */
const SAFE_KEY = /^[a-z]+(\/[A-Za-z0-9_-]+)+\.[a-z]+$/;

export const createDiskMediaStore = (directory: string): MediaStore => {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe media key: ${key}`);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Unsafe media key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
    },
    async get(key) {
      const demo = DEMO_FILES.get(key);
      if (demo) return demo;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (DEMO_FILES.has(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
};
