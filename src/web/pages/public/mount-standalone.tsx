import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders one public page on its own: no router, no server-state cache.
 * @public main.tsx imports it dynamically, which the unused-code check does not follow.
 */
export function mountStandalonePage(container: HTMLElement, Page: ComponentType): void {
  createRoot(container).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
