import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP Password Storage Cheat Sheet, argon2id: 19 MiB memory, 2 iterations, 1 lane.
 * The salt is random per hash and stored inside the PHC string.
 */
const ARGON2ID = 2; // Algorithm.Argon2id; the package exports it as an ambient const enum.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the account does not exist makes an unknown email
 * take as long as a wrong password, so response time does not reveal who is registered.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('scanapp-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
