/**
 * Test files call services directly (fixtures that create tenants, users, campaigns): they act
 * as `test`. A request to the admin listener still acts as its own principal, and a request
 * that has none is still refused (the request's store is empty, and the fallback is not read).
 */
import { setFallbackActor } from '../modules/audit/actor-context';

setFallbackActor('test');
