import { errorMessageOf, shortfallOf } from '../api/api-error.js';

/** The outcome of a seller's command, shown in a banner above the screen's content. */
export interface Notice {
  tone: 'success' | 'error';
  text: string;
  /** Rubles missing when the command was a charge refused for lack of balance (402). */
  shortfall?: number;
}

export const successNotice = (text: string): Notice => ({ tone: 'success', text });

/** The server's explanation (402 names the amount to top up), else the screen's fallback (SPEC §8). */
export const errorNotice = (error: unknown, fallback: string): Notice => {
  const shortfall = shortfallOf(error);
  return { tone: 'error', text: errorMessageOf(error, fallback), ...(shortfall === undefined ? {} : { shortfall }) };
};
