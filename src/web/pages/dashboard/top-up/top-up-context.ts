import { createContext, useContext } from 'react';

/** Opens the cabinet's top-up dialog, optionally with the custom amount pre-filled (rubles). */
export type OpenTopUp = (amount?: number) => void;

/** Provided by the dashboard layout, which owns the one top-up dialog; null outside the cabinet. */
export const TopUpContext = createContext<OpenTopUp | null>(null);

export function useOpenTopUp(): OpenTopUp | null {
  return useContext(TopUpContext);
}
