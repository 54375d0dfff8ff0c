// The browser's own fetch, standing in for cross-fetch (pulled in by i18next-http-backend) so no
// polyfill chunk is built or loaded.
const boundFetch = globalThis.fetch.bind(globalThis);
export default boundFetch;
export { boundFetch as fetch };
