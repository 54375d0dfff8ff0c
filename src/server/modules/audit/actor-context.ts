/**
 * Who is acting, carried with the work instead of passed through every call: the admin
 * listener fills it per request from the signed-in user or API key, the CLI once per command
 * (`cli:<os user>`), background work runs as `system`. audited() reads it, and refuses to make
 * a change when nobody is acting: an unattributed change is a bug, not a default.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { userInfo } from 'node:os';

export { SYSTEM_ACTOR } from '@shared/audit';

/** Mutable on purpose: a request's store exists before its principal is known (onRequest). */
export interface ActorStore {
  actor?: string | undefined;
}

const storage = new AsyncLocalStorage<ActorStore>();

/** Runs `work` (and everything it starts) as `actor`. */
export function actingAs<T>(actor: string, work: () => T): T {
  return storage.run({ actor }, work);
}

/** A fresh, empty store for `work`, filled later with setActor() (a request before authentication). */
export function withActorStore(work: () => void): void {
  storage.run({}, work);
}

/** Names who acts in the current store (created by withActorStore). */
export function setActor(actor: string): void {
  const store = storage.getStore();
  if (!store) throw new Error('setActor() outside an actor store');
  store.actor = actor;
}

/** A process with no other door (a test run) may name one actor for work outside any store. */
let fallback: string | undefined;
export function setFallbackActor(actor: string | undefined): void {
  fallback = actor;
}

export function currentActor(): string | undefined {
  const store = storage.getStore();
  return store ? store.actor : fallback;
}

/** The command line's actor: the operating-system user who ran it. */
export function cliActor(): string {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    name = 'unknown';
  }
  return `cli:${name}`;
}
