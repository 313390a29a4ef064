import {
  messages,
  parse,
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

/** Statements prepared per database, by their SQL; past the limit, new ones run unnamed, as PGlite runs them. */
const PREPARED_STATEMENTS = 500;

/** PostgreSQL's answer when a prepared statement's result columns changed under it (DDL since it was prepared). */
const STALE_PLAN = "0A000";

type Prepared = { name: string; types: number[] };

const protocolOptions = { syncToFs: false } as const;

/**
 * PGlite that prepares what it runs: each distinct SQL text is parsed, planned and described once, as a named
 * statement of the database's one session, and from then on only bound and executed, as `statementName`
 * (server/db/driver.ts) has PostgreSQL do for each pooled connection. PGlite's own `query` parses, describes and
 * plans every statement every time, which for the statements of the money path costs more than running them.
 * Same messages, results, errors and locking as PGlite's `query`, inside and outside transactions; queries with
 * options it does not cover (blobs, declared parameter types) go to PGlite's own.
 */
export class PreparingPGlite extends PGlite {
  readonly #statements = new Map<string, Prepared>();

  override async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(sql, params, options);
    await this._checkReady();
    // As PGlite's: never beside an open transaction of another caller.
    return this._runExclusiveTransaction(() => this.#run<T>(sql, params ?? [], options));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const prepared: Transaction = Object.create(tx) as Transaction;
      prepared.query = <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error("Transaction is closed");
        if (options?.blob || options?.paramTypes) return tx.query<R>(sql, params, options);
        return this.#run<R>(sql, params ?? [], options);
      };
      return callback(prepared);
    });
  }

  #run<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      try {
        return await this.#execute<T>(sql, params, options);
      } catch (error) {
        if (!(error instanceof messages.DatabaseError) || error.code !== STALE_PLAN) throw error;
        // Prepared before a schema change that altered its columns: prepare it again, once.
        const stale = this.#statements.get(sql);
        this.#statements.delete(sql);
        if (stale) await this.#protocol(protocol.serialize.close({ type: "S", name: stale.name }));
        return this.#execute<T>(sql, params, options);
      }
    });
  }

  async #execute<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const results: messages.BackendMessage[] = [];
    try {
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement.types[i]!;
        const serialize = options?.serializers?.[oid] ?? this.serializers[oid];
        // Without a serializer for its type, the value as text, as PGlite sends it.
        return serialize ? serialize(param) : (param as { toString(): string }).toString();
      });
      results.push(
        ...(await this.#protocol(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await this.#protocol(protocol.serialize.describe({ type: "P" }))),
        ...(await this.#protocol(protocol.serialize.execute({}))),
      );
    } catch (error) {
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql, params, queryOptions: options });
      throw error;
    } finally {
      results.push(...(await this.#protocol(protocol.serialize.sync())));
    }
    if (!this.isInTransaction()) await this.syncToFs();
    return parse.parseResults(results, this.parsers, options)[0] as Results<T>;
  }

  async #prepare(sql: string): Promise<Prepared> {
    const name = this.#statements.size < PREPARED_STATEMENTS ? `tr_${this.#statements.size + 1}` : "";
    await this.#protocol(protocol.serialize.parse({ name, text: sql }));
    const described = await this.#protocol(protocol.serialize.describe({ type: "S", name }));
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    if (name) this.#statements.set(sql, statement);
    return statement;
  }

  #protocol(message: Uint8Array): Promise<messages.BackendMessage[]> {
    return this.execProtocolStream(message, protocolOptions);
  }
}
