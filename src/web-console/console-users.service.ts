import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { ConsoleUsersRepository } from './console-users.repository';
import { CONSOLE_ROLES, ConsoleRole, ConsoleUserEntity } from './entities/console-user.entity';
import { PasswordHasher } from './password-hasher';

/** A rule a console user's details broke; the message is meant for the person who typed them. */
export class ConsoleUserError extends Error {}

/** argon2 reads at most this much; longer is refused rather than silently cut. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

/** The one spelling of an email the table stores and looks up: trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

export interface ConsoleUserSummary {
  id: string;
  email: string;
  role: ConsoleRole;
  accountIds: string[];
  createdAt: string;
  disabledAt: string | null;
}

/** Console users: created by the operator CLI, signed in by the web console. */
@Injectable()
export class ConsoleUsersService {
  constructor(
    private readonly users: ConsoleUsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly accounts: AccountsService,
  ) {}

  async create(options: {
    email: string;
    password: string;
    role: string;
    accountIds?: readonly string[];
  }): Promise<ConsoleUserEntity> {
    const email = normaliseEmail(options.email);
    if (!EMAIL.test(email)) throw new ConsoleUserError(`Not an email address: ${JSON.stringify(options.email)}`);
    if (!(CONSOLE_ROLES as readonly string[]).includes(options.role)) {
      throw new ConsoleUserError(`The role must be one of ${CONSOLE_ROLES.join(', ')}`);
    }
    const problem = passwordProblem(options.password);
    if (problem) throw new ConsoleUserError(problem);
    const accountIds = [...new Set(options.accountIds ?? [])];
    for (const accountId of accountIds) await this.requireAccount(accountId);
    if (await this.users.findByEmail(email)) throw new ConsoleUserError(`A console user ${email} exists already`);
    return this.users.insert({
      email,
      passwordHash: await this.hasher.hash(options.password),
      role: options.role as ConsoleRole,
      accountIds,
    });
  }

  /** Gives a member the pages of one more account; false when it had them already. */
  async addMember(email: string, accountId: string): Promise<{ user: ConsoleUserEntity; added: boolean }> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) throw new ConsoleUserError(`No console user ${normaliseEmail(email)}`);
    if (user.role !== 'member') throw new ConsoleUserError(`${user.email} is an operator: it sees every account`);
    await this.requireAccount(accountId);
    return { user, added: await this.users.addMembership(user.id, accountId) };
  }

  async list(): Promise<ConsoleUserSummary[]> {
    const users = await this.users.list();
    return Promise.all(
      users.map(async (user) => ({
        id: user.id,
        email: user.email,
        role: user.role,
        accountIds: await this.users.accountIdsOf(user.id),
        createdAt: user.createdAt.toISOString(),
        disabledAt: user.disabledAt?.toISOString() ?? null,
      })),
    );
  }

  findById(id: string): Promise<ConsoleUserEntity | null> {
    return this.users.findById(id);
  }

  /**
   * The user these credentials belong to, or null. An unknown email costs a
   * verification all the same, so timing does not tell which emails exist.
   * `knownUserId` names the user behind a failed attempt, for the audit log.
   */
  async authenticate(
    email: string,
    password: string,
  ): Promise<{ user: ConsoleUserEntity | null; knownUserId?: string }> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user || password.length > PASSWORD_MAX_LENGTH) {
      await this.hasher.verifyNothing(password.slice(0, PASSWORD_MAX_LENGTH));
      return { user: null, knownUserId: user?.id };
    }
    const matches = await this.hasher.verify(user.passwordHash, password);
    if (!matches || user.disabledAt) return { user: null, knownUserId: user.id };
    return { user };
  }

  /** Checks the current password, then stores the new one. The caller ends the user's other sessions. */
  async changePassword(userId: string, current: string, next: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !(await this.hasher.verify(user.passwordHash, current))) {
      throw new ConsoleUserError('The current password is not right.');
    }
    const problem = passwordProblem(next);
    if (problem) throw new ConsoleUserError(problem);
    await this.users.updatePasswordHash(userId, await this.hasher.hash(next));
  }

  accountIdsOf(userId: string): Promise<string[]> {
    return this.users.accountIdsOf(userId);
  }

  isMember(userId: string, accountId: string): Promise<boolean> {
    return this.users.isMember(userId, accountId);
  }

  private async requireAccount(accountId: string): Promise<void> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)) {
      throw new ConsoleUserError(`Not an account id: ${JSON.stringify(accountId)}`);
    }
    try {
      await this.accounts.get(accountId);
    } catch {
      throw new ConsoleUserError(`No account with id ${accountId}`);
    }
  }
}
