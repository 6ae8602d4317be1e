import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): a
 * sign-in costs tens of milliseconds, a stolen table costs an attacker the same per guess.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verified against when the email names no user, so that refusal costs what a wrong password costs. */
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A hash that is not a PHC string never matches.
      return false;
    }
  }

  /** Spends a verification's time and answers false. */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('scriptorium:no-such-console-user');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
