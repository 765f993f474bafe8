import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShopApp, shopTokenOf } from './shop-app.js';
import './shop.css';

/** Starts the buyers' shop on its own: React and this Mini App only, none of the cabinet's code. */
export function mountShop(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <ShopApp token={shopTokenOf(window.location.pathname)} />
    </StrictMode>,
  );
}
