/** Whether the runtime knows an IANA time zone by this name (e.g. Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
