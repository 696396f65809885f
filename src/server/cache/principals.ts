// Who a token belongs to, kept per process so a signed-in request need not join four tables each time.
// An entry holds while the tables it was read from are unchanged (versions.ts: a revoked token, a disabled
// account or a changed role bumps them; a new sign-in does not) and until the token expires.
import { versionStamp, type Versions } from './versions.ts';

export const PRINCIPAL_TABLES = ['access_tokens', 'administrators', 'learners', 'roles'] as const;
const MAX_ENTRIES = 100_000;

interface Entry<P> {
  principal: P;
  expiresAt: number;
  stamp: string;
}

const stampOf = (versions: Versions) => versionStamp(versions, PRINCIPAL_TABLES);

export class PrincipalCache<P = unknown> {
  private readonly entries = new Map<string, Entry<P>>();

  get(tokenHash: string, versions: Versions): P | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.stamp !== stampOf(versions) || hit.expiresAt <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return hit.principal;
  }

  /** `versions` must have been read before the principal was. */
  set(tokenHash: string, versions: Versions, principal: P, expiresAt: Date) {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { principal, expiresAt: expiresAt.getTime(), stamp: stampOf(versions) });
  }
}
