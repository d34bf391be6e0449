// Attachment storage in an S3-compatible bucket (AWS, MinIO, R2…), signed with aws4fetch, path-style URLs.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { MissingFileError } from './errors';
import type { FileStorage } from './index';

interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** S3 storage: objects at `<endpoint>/<bucket>/<key>`. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: 's3' });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const response = await client.fetch(urlOf(key), { method: 'PUT', body: new Uint8Array(data), headers: { 'content-type': contentType } });
      if (!response.ok) throw new Error(`S3 PUT failed with ${response.status}`);
    },
    async putFile(key, path, contentType) {
      // Streamed with its length; the payload is not hashed into the signature (it is not in memory).
      const { size } = await stat(path);
      const body = Readable.toWeb(createReadStream(path)) as unknown as ReadableStream;
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: { 'content-type': contentType, 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        duplex: 'half',
      } as RequestInit);
      if (!response.ok) throw new Error(`S3 PUT failed with ${response.status}`);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) throw new MissingFileError(key);
      if (!response.ok || !response.body) throw new Error(`S3 GET failed with ${response.status}`);
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE failed with ${response.status}`);
    },
  };
}
