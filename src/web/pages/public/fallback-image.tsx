import { useState, type ImgHTMLAttributes } from 'react';
import { site } from '../../content/landing.js';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError' | 'alt'> & {
  /** Also the text shown instead of a picture that failed to load; '' marks a decorative picture. */
  alt: string;
};

/**
 * An image that gives way to its name (or, for a decorative one, an icon) when it
 * fails to load, so a missing file never leaves a broken-image box (SPEC §2).
 */
export function FallbackImage({ alt, className = '', ...image }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  if (failedSrc !== undefined && failedSrc === image.src) {
    return alt ? (
      <span className={`image-fallback ${className}`}>{alt}</span>
    ) : (
      <span className={`image-fallback image-fallback--icon ${className}`} title={site.imageFallbackIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
          <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="9" cy="10" r="2" fill="currentColor" />
          <path d="M4 18l5-5 3 3 3-4 5 6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </span>
    );
  }
  return <img alt={alt} className={className} onError={() => setFailedSrc(image.src)} {...image} />;
}
