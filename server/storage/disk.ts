// Attachment storage on the local disk, under DATA_DIR/uploads.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { MissingFileError } from './errors';
import type { FileStorage } from './index';

/** Disk storage rooted at `<dataDir>/uploads`. */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = resolve(dataDir, 'uploads');
  // Security: keys are built by the server, but a key must still never escape the uploads root.
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error('Invalid storage key');
    return path;
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(createReadStream(source), createWriteStream(path));
    },
    async get(key) {
      const path = pathOf(key);
      await stat(path).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new MissingFileError(key) : error;
      });
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
