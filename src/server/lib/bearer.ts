/** `Authorization: Bearer <credential>`: the credential, or undefined when the header is absent or malformed. */
export function bearerCredential(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
