import { createHash, randomBytes } from 'node:crypto';

/** A seat token: 256 random bits, base64url (43 characters). Only its holder and nobody else ever sees it. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Table ids are public (lobby, mDNS); 48 random bits keep them unique and unguessable enough to not collide. */
export const newTableId = (): string => randomBytes(6).toString('base64url');

/** A new table id that `taken` does not hold (a clash of 48 random bits is rare, never impossible). */
export function freeTableId(taken: (id: string) => boolean): string {
  let id = newTableId();
  while (taken(id)) id = newTableId();
  return id;
}

/** A shuffle seed. It never leaves the host. */
export const newSeed = (): number => randomBytes(4).readUInt32LE(0);

/** Tokens are stored and indexed by hash, so a copied data folder does not hand out seats. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
