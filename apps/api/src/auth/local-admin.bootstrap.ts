// Runs ensureLocalAdmin() once the application starts, and says what it did.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Runtime } from '../runtime.js';
import { RUNTIME } from '../tokens.js';
import { ensureLocalAdmin, LOCAL_ADMIN } from './local-admin.js';
import { TokensService } from './tokens.service.js';

@Injectable()
export class LocalAdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Tokens');

  constructor(
    private readonly tokens: TokensService,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const outcome = await ensureLocalAdmin(this.tokens, this.runtime.config.auth);
    if (outcome.created && outcome.source === 'file') {
      this.logger.log({ msg: `created the ${LOCAL_ADMIN} API token; its secret is in ${outcome.file}`, file: outcome.file });
    } else if (outcome.created) {
      this.logger.log({ msg: `created the ${LOCAL_ADMIN} API token with the secret in BOOTSTRAP_ADMIN_TOKEN` });
    } else if (outcome.reason === 'unsafe token file') {
      this.logger.error({
        msg: `created no ${LOCAL_ADMIN} API token: ${outcome.file} ${outcome.problem}. Remove it and restart, or create a token with \`npm run token -- create --name admin --role admin\``,
        file: outcome.file,
      });
    } else if (outcome.reason === 'nowhere to put the secret') {
      this.logger.warn({ msg: 'no API token exists, so every request is refused: create one with `npm run token -- create --name admin --role admin`, or set BOOTSTRAP_ADMIN_TOKEN' });
    }
  }
}
