import { UPLOAD_ACCEPTED_TYPES } from '../../contract/uploads.js';

type ImageType = (typeof UPLOAD_ACCEPTED_TYPES)[number];

const EXTENSION_TYPES: Record<string, ImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The file input's `accept`: types and extensions, so every system's picker offers the right files. */
export const IMAGE_ACCEPT = [...UPLOAD_ACCEPTED_TYPES, ...Object.keys(EXTENSION_TYPES).map((extension) => `.${extension}`)].join(',');

/**
 * SPEC §5's png, jpeg, webp, checked before uploading: by the declared type, or by the
 * name's extension when the browser declares none. The server decides by the content.
 */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return (UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return extension in EXTENSION_TYPES;
}
