import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/config.js';

export interface LocalS3 {
  settings: S3Settings;
  /** The same settings as environment variables, for an app under test. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's only credentials: it checks each request's signature against them, like S3 does. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** A local S3 server (s3rver) on 127.0.0.1 and a free port, its objects in a temporary folder, with one empty bucket. */
export async function startLocalS3(bucket = 'scanapp-images'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'scanapp-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: 'us-east-1',
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_REGION: settings.region,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
