// Where attachment files live: on disk under DATA_DIR/uploads by default, or in an S3-compatible
// bucket when S3_* is configured (API.md "Attachments"). Services only see this interface.
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';

export { MissingFileError } from './errors';

/** A blob store keyed by relative paths such as `<workspace_id>/<uuid>-<name>`. */
export interface FileStorage {
  /** `disk` or `s3`, recorded on each attachment row. */
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `path` under `key`, streamed (large generated files such as exports). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** A stream of the stored bytes. @throws MissingFileError when the object is missing; Error when storage fails. */
  get(key: string): Promise<Readable>;
  /** Removes the object; missing objects are ignored. */
  delete(key: string): Promise<void>;
}

const cache = new WeakMap<Config, FileStorage>();

/** The storage the configuration selects (S3 when endpoint, bucket and both keys are set). */
export function fileStorage(config: Config): FileStorage {
  let storage = cache.get(config);
  if (!storage) {
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
    storage =
      S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? createS3Storage({ endpoint: S3_ENDPOINT, bucket: S3_BUCKET, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY, region: S3_REGION })
        : createDiskStorage(config.dataDir);
    cache.set(config, storage);
  }
  return storage;
}
