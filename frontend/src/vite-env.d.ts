/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the same origin as the page. */
  readonly VITE_API_URL?: string;
  /** External live-chat link behind "Contact Us". */
  readonly VITE_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
