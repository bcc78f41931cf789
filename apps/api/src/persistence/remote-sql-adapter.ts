// A Prisma driver adapter whose database runs in another thread (the PGlite worker): each adapter
// call is one message. Transactions live on the worker, addressed by id, so an interactive
// `$transaction` behaves exactly as with PGlite in-process.
import { RpcClient } from '@coxswain/cluster';
import {
  DriverAdapterError,
  type IsolationLevel, type SqlDriverAdapter, type SqlDriverAdapterFactory, type SqlQuery, type SqlResultSet, type Transaction,
} from '@prisma/driver-adapter-utils';
import type { SqlOutcome } from './sql-wire.js';

const PROVIDER = 'postgres' as const;
const ADAPTER_NAME = '@coxswain/remote-pglite';

export class RemoteSqlAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider = PROVIDER;
  readonly adapterName = ADAPTER_NAME;

  constructor(private readonly rpc: RpcClient) {}

  async connect(): Promise<SqlDriverAdapter> {
    return new RemoteSqlAdapter(this.rpc);
  }
}

class RemoteSqlQueryable {
  readonly provider = PROVIDER;
  readonly adapterName = ADAPTER_NAME;

  constructor(
    protected readonly rpc: RpcClient,
    protected readonly txId?: number,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.send<SqlResultSet>('queryRaw', query, this.txId);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.send<number>('executeRaw', query, this.txId);
  }

  protected async send<T>(method: string, ...args: unknown[]): Promise<T> {
    const result = await this.rpc.call<SqlOutcome<T>>(method, ...args);
    if ('driverError' in result) throw new DriverAdapterError(result.driverError as ConstructorParameters<typeof DriverAdapterError>[0]);
    return result.ok;
  }
}

class RemoteSqlAdapter extends RemoteSqlQueryable implements SqlDriverAdapter {
  executeScript(script: string): Promise<void> {
    return this.send('executeScript', script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const txId = await this.send<number>('startTransaction', isolationLevel);
    return new RemoteTransaction(this.rpc, txId);
  }

  getConnectionInfo() {
    return { supportsRelationJoins: true };
  }

  async dispose(): Promise<void> {}
}

class RemoteTransaction extends RemoteSqlQueryable implements Transaction {
  // PGlite's adapter opens the transaction itself (BEGIN inside PGlite's own transaction call).
  readonly options = { usePhantomQuery: true };

  commit(): Promise<void> {
    return this.send('commit', this.txId);
  }

  rollback(): Promise<void> {
    return this.send('rollback', this.txId);
  }
}
