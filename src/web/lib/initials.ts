import { DEFAULT_INITIALS } from '../../contract/constants.js';

/** Avatar letters: first letter of up to two words of the name, upper-cased (SPEC §9). */
export function initialsOf(name: string | null | undefined): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2);
  return letters.length > 0 ? letters.join('').toUpperCase() : DEFAULT_INITIALS;
}
