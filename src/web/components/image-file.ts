/** SPEC §5: pictures for mailings and products are png, jpeg or webp (the server checks the content too). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const EXTENSION_TYPES: Record<string, (typeof ACCEPTED_IMAGE_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The file input's `accept`: types and extensions, so every system's picker offers the right files. */
export const IMAGE_ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...Object.keys(EXTENSION_TYPES).map((extension) => `.${extension}`)].join(',');

/**
 * A quick check before uploading: by the declared type, or by the name's extension when
 * the browser declares none. The server decides by the file's content.
 */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return extension in EXTENSION_TYPES;
}
