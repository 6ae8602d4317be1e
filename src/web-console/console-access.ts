import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import type { AccountEntity } from '../accounts/entities/account.entity';
import { mayOpenAccount } from './console-access.rules';
import type { PageFrame } from './console-pages';
import type { SignedIn } from './console-sessions.service';
import { ConsoleUsersService } from './console-users.service';
import { consoleForbidden, consoleNotFound } from './web-console.exceptions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's account switcher lists at most this many (an operator's newest); the accounts page lists all. */
const SWITCHER_LIMIT = 50;

/**
 * Which accounts a console user may open: every account for an operator,
 * the accounts of its memberships for a member. Every account-scoped page
 * starts with `openAccount`, which answers 403 (or 404) for the others.
 */
@Injectable()
export class ConsoleAccess {
  constructor(
    private readonly accounts: AccountsService,
    private readonly users: ConsoleUsersService,
  ) {}

  async accountsOf(signedIn: SignedIn): Promise<AccountEntity[]> {
    if (signedIn.user.role === 'operator') return this.accounts.list();
    return this.accounts.list(await this.users.accountIdsOf(signedIn.user.id));
  }

  /** The account of an account-scoped page, once the caller may see it. */
  async openAccount(signedIn: SignedIn, accountId: string): Promise<AccountEntity> {
    if (!UUID.test(accountId)) throw consoleNotFound('There is no such account.');
    const isMember = signedIn.user.role === 'member' ? await this.users.isMember(signedIn.user.id, accountId) : false;
    if (!mayOpenAccount(signedIn.user.role, isMember)) {
      throw consoleForbidden('This account is not one of yours.');
    }
    try {
      return await this.accounts.get(accountId);
    } catch {
      throw consoleNotFound('There is no such account.');
    }
  }

  /** The layout's frame for a signed-in page: the user, the switcher's accounts, the current one. */
  async frame(signedIn: SignedIn, title: string, currentAccountId?: string): Promise<PageFrame> {
    const accounts = (await this.accountsOf(signedIn)).slice(0, SWITCHER_LIMIT);
    return {
      title,
      signedIn,
      accounts: accounts.map((account) => ({ id: account.id, name: account.name })),
      currentAccountId,
    };
  }
}
