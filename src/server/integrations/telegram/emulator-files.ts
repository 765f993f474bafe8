import { randomBytes } from 'node:crypto';
import { loadSharp } from '../../sharp.js';

/** A size of a photo as the Bot API describes it. */
export interface PhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
}

interface StoredFile {
  botId: number;
  size: PhotoSize;
  /** Absent for photos sent by URL: the emulator never fetches them. */
  content?: { bytes: Buffer; filePath: string; mimeType: string };
}

/** Telegram's own small preview size ("s"). */
const THUMBNAIL_SIDE = 90;

/** Size the emulator reports for a photo sent by URL, which it does not download. */
const URL_PHOTO_SIZE = { width: 800, height: 600 };

export class NotAnImageError extends Error {}

/**
 * Photos the emulator has seen, by file_id. Like Telegram, a file_id belongs to the bot it was issued to
 * and names one size of a photo; every size maps back to the whole photo (sizes, largest last).
 */
export class EmulatorFiles {
  private readonly files = new Map<string, StoredFile>();
  private readonly filesByPath = new Map<string, StoredFile>();
  private readonly photos = new Map<string, PhotoSize[]>();
  private nextFileNumber = 1;

  /** Stores uploaded bytes (with a smaller preview) and answers the photo's sizes. */
  async storePhoto(botId: number, bytes: Buffer): Promise<PhotoSize[]> {
    const sharp = await loadSharp();
    let image: { width: number; height: number; format: string };
    try {
      const metadata = await sharp(bytes).metadata();
      image = { width: metadata.width, height: metadata.height, format: metadata.format };
    } catch {
      throw new NotAnImageError();
    }
    const sizes: PhotoSize[] = [];
    if (Math.max(image.width, image.height) > THUMBNAIL_SIDE) {
      const { data, info } = await sharp(bytes)
        .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside' })
        .jpeg()
        .toBuffer({ resolveWithObject: true });
      sizes.push(this.add(botId, { width: info.width, height: info.height }, { bytes: data, extension: 'jpg', mimeType: 'image/jpeg' }));
    }
    const extension = image.format === 'jpeg' ? 'jpg' : image.format;
    sizes.push(this.add(botId, image, { bytes, extension, mimeType: `image/${image.format}` }));
    return this.group(sizes);
  }

  /** A photo sent by URL gets file ids but no content. */
  storeUrlPhoto(botId: number): PhotoSize[] {
    return this.group([this.add(botId, URL_PHOTO_SIZE)]);
  }

  /** The photo a file_id belongs to, if this bot was given that id. */
  photoOf(botId: number, fileId: string): PhotoSize[] | undefined {
    return this.files.get(fileId)?.botId === botId ? this.photos.get(fileId) : undefined;
  }

  /** getFile: only files with content can be downloaded. */
  downloadable(botId: number, fileId: string): { size: PhotoSize; filePath: string } | undefined {
    const file = this.files.get(fileId);
    if (!file || file.botId !== botId || !file.content) return undefined;
    return { size: file.size, filePath: file.content.filePath };
  }

  contentAt(botId: number, filePath: string): { bytes: Buffer; mimeType: string } | undefined {
    const file = this.filesByPath.get(filePath);
    return file?.botId === botId ? file.content : undefined;
  }

  private add(
    botId: number,
    dimensions: { width: number; height: number },
    content?: { bytes: Buffer; extension: string; mimeType: string },
  ): PhotoSize {
    const size: PhotoSize = {
      file_id: `AgAC${randomBytes(30).toString('base64url')}`,
      file_unique_id: `AQAD${randomBytes(9).toString('base64url')}`,
      width: dimensions.width,
      height: dimensions.height,
      ...(content ? { file_size: content.bytes.length } : {}),
    };
    const stored: StoredFile = { botId, size };
    if (content) {
      const filePath = `photos/file_${this.nextFileNumber++}.${content.extension}`;
      stored.content = { bytes: content.bytes, filePath, mimeType: content.mimeType };
      this.filesByPath.set(filePath, stored);
    }
    this.files.set(size.file_id, stored);
    return size;
  }

  private group(sizes: PhotoSize[]): PhotoSize[] {
    for (const size of sizes) this.photos.set(size.file_id, sizes);
    return sizes;
  }
}
