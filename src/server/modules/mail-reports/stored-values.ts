/** Small readers shared by the reported-mail files: lists stored as JSON, an address's domain. */

/** A JSON array of strings as stored in a text column; anything else reads as empty. */
export function jsonList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
