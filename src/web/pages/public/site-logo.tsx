import { site } from '../../content/landing.js';
import '../../components/brand.css';

/**
 * The product mark and name, linking home: a plain link (the public pages also open
 * without the router) and an inline mark (no extra request before the first paint).
 */
export function SiteLogo() {
  return (
    <a href="/" className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 7h12a2 2 0 0 1 2 2v16l-3-2-3 2-2-2-2 2-3-2-3 2V9a2 2 0 0 1 2-2z" fill="#fff" />
        <path d="M12 13h8M12 17h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="brand__name">{site.productName}</span>
    </a>
  );
}
