// The part of Google Identity Services' browser API the sign-in button uses.
export {};

declare global {
  interface GoogleCredentialResponse {
    credential: string;
  }

  interface GoogleAccountsId {
    initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode?: 'popup' }): void;
    renderButton(
      parent: HTMLElement,
      options: {
        theme?: 'outline' | 'filled_black';
        size?: 'large';
        text?: 'signin_with' | 'signup_with';
        width?: number;
        shape?: 'pill' | 'rectangular';
      },
    ): void;
  }

  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}
