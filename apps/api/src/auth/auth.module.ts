// API tokens: storage, authentication, and the local admin token made at first start.
import { Module } from '@nestjs/common';
import { LocalAdminBootstrap } from './local-admin.bootstrap.js';
import { TokensRepository } from './tokens.repository.js';
import { TokensService } from './tokens.service.js';

@Module({
  providers: [TokensRepository, TokensService, LocalAdminBootstrap],
  exports: [TokensService],
})
export class AuthModule {}
