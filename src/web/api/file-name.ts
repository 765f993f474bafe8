/** The file name of a `Content-Disposition: attachment` header (RFC 6266: filename* wins). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = header.match(/filename\*\s*=\s*UTF-8''([^;]+)/i);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = header.match(/filename\s*=\s*"([^"]*)"/i) ?? header.match(/filename\s*=\s*([^;]+)/i);
  const name = plain?.[1]?.trim();
  return name ? name.replace(/[\\/]/g, '_') : fallback;
}
