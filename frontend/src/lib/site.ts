// Site-wide constants: external contact channels and the support address.
export const CHAT_URL: string = import.meta.env.VITE_CHAT_URL || 'https://t.me/proxyshop_support';
export const SUPPORT_EMAIL = 'support@proxyshop.app';
