import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements prepared once per connection (decision 096). Sent unnamed, a statement is parsed and planned by
 * PostgreSQL on every run: for the JSON statements of a pool week that is most of the server's work for them.
 * Sent under a name, it is parsed once per connection and, after a few runs, planned once too. Every statement
 * with parameters is named after its text (the app's statements are a fixed set; a list spelled out per value
 * is not, hence the limit per connection, past which statements go unnamed as before).
 */

/** Statements one connection keeps prepared: the app's hot set is far smaller. */
export const PREPARED_PER_CONNECTION = 500;

/** PostgreSQL's refusal to run a prepared statement whose result's columns a migration has changed. */
const CHANGED_RESULT = '0A000';

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

type QueryCallback = (error: Error | null, result?: unknown) => void;
/** pg's query in any of its forms: (config), (config, values), (config, callback), (config, values, callback). */
type AnyQuery = (this: object, ...args: unknown[]) => unknown;
const clientQuery = pg.Client.prototype.query as unknown as AnyQuery;

/** A `pg.Client` that prepares statements under names (for `pg.Pool`'s `Client` option). */
export function preparingClient(limit = PREPARED_PER_CONNECTION): typeof pg.Client {
  class PreparingClient extends pg.Client {
    /** Text to name, for this connection; a name is never reused for another text. */
    private readonly names = new Map<string, string>();
    private renamed = 0;

    // @ts-expect-error pg's overloads of query cannot be restated one by one; every form goes through here.
    override query(config: unknown, values?: unknown, callback?: unknown): unknown {
      const text = namable(config, values);
      const name = text === undefined ? undefined : this.nameOf(text);
      if (name === undefined || text === undefined) return clientQuery.call(this, config, values, callback);
      const named = { ...(config as object), name };
      const forget = (error: unknown) => {
        // A migration changed what the statement answers: this connection's copy can never run again.
        if ((error as { code?: string } | null)?.code === CHANGED_RESULT && this.names.get(text) === name) {
          this.names.set(text, `${name}_${++this.renamed}`);
        }
      };
      if (typeof values === 'function' || typeof callback === 'function') {
        const done = (typeof values === 'function' ? values : callback) as QueryCallback;
        const wrapped: QueryCallback = (error, result) => {
          if (error) forget(error);
          done(error, result);
        };
        return typeof values === 'function'
          ? clientQuery.call(this, named, wrapped)
          : clientQuery.call(this, named, values, wrapped);
      }
      const pending = clientQuery.call(this, named, values) as Promise<unknown>;
      pending.catch(forget);
      return pending;
    }

    private nameOf(text: string): string | undefined {
      const known = this.names.get(text);
      if (known !== undefined) return known;
      if (this.names.size >= limit) return undefined;
      const name = `pass_${createHash('sha1').update(text).digest('hex')}`;
      this.names.set(text, name);
      return name;
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}

/** The text of a statement to prepare: one with parameters, given as a config without a name of its own. */
function namable(config: unknown, values: unknown): string | undefined {
  if (config === null || typeof config !== 'object') return undefined;
  const { text, name, values: own, submit } = config as QueryConfigLike;
  // A cursor or a COPY stream (`submit`) runs its own protocol.
  if (typeof text !== 'string' || name !== undefined || typeof submit === 'function') return undefined;
  const parameters = Array.isArray(own) ? own : values;
  return Array.isArray(parameters) && parameters.length > 0 ? text : undefined;
}
