/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base path or URL; `/v2` by default (same host). */
  readonly VITE_API_BASE?: string;
}
