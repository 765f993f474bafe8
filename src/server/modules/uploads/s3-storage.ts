import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { ImageStorageUnavailable } from '../../errors.js';
import { assertStorageKey, sha256Hex, type ImageStorage, type StoredImage, type StoredImageFacts } from './storage.js';

/** User metadata (`x-amz-meta-sha256`): S3's own ETag is an MD5 at best, and not for every upload kind. */
const SHA256_META = 'sha256';

/** AWS answers at `<bucket>.s3.<region>.amazonaws.com`; MinIO, Ceph, s3rver and most others want the bucket in the path. */
export const needsPathStyle = (endpoint: string) => !/(^|\.)amazonaws\.com$/i.test(new URL(endpoint).hostname);

/** "No such object" in the answers of GetObject (NoSuchKey) and HeadObject (a bare 404, NotFound). */
function isMissing(error: unknown, sdk: typeof S3Sdk): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

interface Connection {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
}

function s3Client(sdk: typeof S3Sdk, settings: S3Settings): S3Sdk.S3Client {
  return new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: needsPathStyle(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 2025 the SDK adds CRC checksums to every upload, which many S3-compatible servers refuse:
    // only where the API requires one. Our own SHA-256 travels in the metadata and is checked on read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A picture request should fail fast (503) rather than hold the connection while the bucket is down.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000 },
  });
}

/**
 * An S3-compatible bucket (AWS SDK v3). Images are still served through the app at their
 * `/lk/uploads/…` address, so stored URLs never change whichever store holds them. The SDK is
 * loaded on the first call to the bucket: importing it costs a process 21 MiB of memory, and most
 * instances have no bucket.
 */
export class S3Storage implements ImageStorage {
  readonly kind = 's3';
  private readonly settings: S3Settings;
  private connection: Promise<Connection> | undefined;

  constructor(settings: S3Settings) {
    this.settings = settings;
  }

  private connect(): Promise<Connection> {
    return (this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, this.settings) })));
  }

  /** One call to the bucket: "missing" becomes null, anything else that is not ours to fix becomes "unavailable". */
  private async call<T>(work: (connection: Connection) => Promise<T>): Promise<T | null> {
    const connection = await this.connect();
    try {
      return await work(connection);
    } catch (error) {
      if (isMissing(error, connection.sdk)) return null;
      throw new ImageStorageUnavailable('s3', { cause: error });
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.call(({ sdk, client }) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: 'public, max-age=31536000, immutable',
          Metadata: { [SHA256_META]: sha256Hex(data) },
        }),
      ),
    );
  }

  async head(key: string): Promise<StoredImageFacts | null> {
    assertStorageKey(key);
    const answer = await this.call(({ sdk, client }) => client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })));
    if (!answer) return null;
    const sha256 = answer.Metadata?.[SHA256_META];
    // An object put by hand, without our metadata: hash the bytes instead of trusting nothing.
    if (!sha256) {
      const image = await this.get(key);
      return image && { contentType: image.contentType, byteSize: image.byteSize, sha256: image.sha256 };
    }
    return { contentType: answer.ContentType ?? 'application/octet-stream', byteSize: answer.ContentLength ?? 0, sha256 };
  }

  async get(key: string): Promise<StoredImage | null> {
    assertStorageKey(key);
    const answer = await this.call(async ({ sdk, client }) => {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { object, data: Buffer.from((await object.Body?.transformToByteArray()) ?? []) };
    });
    if (!answer) return null;
    const { object, data } = answer;
    return { data, contentType: object.ContentType ?? 'application/octet-stream', byteSize: data.length, sha256: sha256Hex(data) };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.call(({ sdk, client }) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key })));
  }
}
