import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { ConsoleUsersRepository } from './console-users.repository';
import { ConsoleUsersService } from './console-users.service';
import { ConsoleMembershipEntity } from './entities/console-membership.entity';
import { ConsoleUserEntity } from './entities/console-user.entity';
import { PasswordHasher } from './password-hasher';

/** Console users and memberships, on PostgreSQL only: the operator CLI creates them, the web console signs them in. */
@Module({
  imports: [TypeOrmModule.forFeature([ConsoleUserEntity, ConsoleMembershipEntity]), AccountsModule],
  providers: [ConsoleUsersRepository, ConsoleUsersService, PasswordHasher],
  exports: [ConsoleUsersService],
})
export class ConsoleUsersModule {}
