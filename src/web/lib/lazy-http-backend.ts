/**
 * An i18next backend that loads i18next-http-backend on its first read. The server preloads the
 * page's language into the HTML, so most visits never fetch a translation file: the backend's
 * bytes then stay out of the first load. Retries stay with i18next (maxRetries), as before.
 */
import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';

export class LazyHttpBackend implements BackendModule<HttpBackendOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  callbackApi = true;
  private args?: [Services, HttpBackendOptions, InitOptions];

  init(services: Services, backendOptions: HttpBackendOptions, i18nextOptions: InitOptions): void {
    this.args = [services, backendOptions, i18nextOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    import('i18next-http-backend').then(
      ({ default: HttpBackend }) => {
        const backend = new HttpBackend(...(this.args ?? ([] as unknown as [Services])));
        backend.read(language, namespace, callback);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  }
}
