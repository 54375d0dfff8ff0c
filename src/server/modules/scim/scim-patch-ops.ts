/**
 * PATCH operations as directories send them, made plain for scim-patch: Entra ID writes `op` as
 * "Replace" or "Add" and booleans as "True"/"False"; members come with `$ref: null` and
 * `display`, which would keep a remove from matching the member it names. The op's case is
 * kept (scim-patch reads both); the rest is compared as RFC 7644 means it.
 */
interface Operation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

function plainBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}

function plainMembers(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((member: unknown) =>
    typeof member === 'object' && member !== null && 'value' in member ? { value: member.value } : member,
  );
}

function plainValue(path: string | undefined, value: unknown): unknown {
  const attribute = (path ?? '').toLowerCase();
  if (attribute === 'active') return plainBoolean(value);
  if (attribute === 'members') return plainMembers(value);
  if (path === undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, plainValue(key, v)]));
  }
  return value;
}

export function normalisedOperations(operations: readonly Operation[]) {
  return operations.map((operation) => {
    const op = operation.op.toLowerCase();
    return {
      op,
      ...(operation.path !== undefined ? { path: operation.path } : {}),
      ...(operation.value !== undefined ? { value: plainValue(operation.path, operation.value) } : {}),
    };
  });
}
